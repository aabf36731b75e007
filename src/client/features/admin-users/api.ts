import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminUser, AdminUserPage, CourseReset, CreatedUser, EndedSessions } from '../../../shared/api-types'
import type { CreateUserInput, UserDetailsInput } from '../../../shared/schemas/admin'
import type { Role } from '../../../shared/schemas/fields'
import { recheckSession } from '../../lib/auth'
import { api } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import { useAdminQuery } from '../../lib/use-admin-query'

const USERS = '/api/admin/users'

export type UserListQuery = { search: string; page: number }

/** One page of users from the server; the previous page stays on screen while the next loads. */
export function useAdminUsers({ search, page }: UserListQuery) {
  const params = new URLSearchParams({ page: String(page) })
  if (search) params.set('search', search)
  return useAdminQuery<AdminUserPage>([...queryKeys.adminUsers, { search, page }], `${USERS}?${params}`)
}

/**
 * A mutation that reloads the list after it succeeds (docs/spec.md §8) and rechecks the session
 * on 401/403.
 */
function useAdminMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, affectsProfile = false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // A role change may be the admin's own.
      if (affectsProfile) void queryClient.invalidateQueries({ queryKey: queryKeys.profile })
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers })
    },
    onError: (error) => recheckSession(queryClient, error),
  })
}

export const useCreateUser = () =>
  useAdminMutation((input: CreateUserInput) => api<CreatedUser>(USERS, { method: 'POST', body: input }))

export const useUpdateUserDetails = () =>
  useAdminMutation(({ id, ...details }: UserDetailsInput & { id: string }) =>
    api<AdminUser>(`${USERS}/${encodeURIComponent(id)}`, { method: 'PATCH', body: details }),
  )

export const useChangeUserRole = () =>
  useAdminMutation(
    ({ id, role }: { id: string; role: Role }) =>
      api<AdminUser>(`${USERS}/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role } }),
    true,
  )

export const useDeleteUser = () =>
  useAdminMutation((id: string) => api<void>(`${USERS}/${encodeURIComponent(id)}`, { method: 'DELETE' }))

/** Turns off another user's two-factor sign-in (they lost their authenticator and recovery codes). */
export const useResetTwoFactor = () =>
  useAdminMutation((id: string) => api<AdminUser>(`${USERS}/${encodeURIComponent(id)}/two-factor`, { method: 'DELETE' }))

/** Opens every module for one learner whatever the course's schedule, or puts them back on it. */
export const useSetScheduleLifted = () =>
  useAdminMutation(({ id, isLifted }: { id: string; isLifted: boolean }) =>
    api<AdminUser>(`${USERS}/${encodeURIComponent(id)}/schedule`, { method: 'PUT', body: { isLifted } }),
  )

/** Starts a learner's course again from nothing and revokes their certificate. */
export const useResetCourse = () =>
  useAdminMutation((id: string) => api<CourseReset>(`${USERS}/${encodeURIComponent(id)}/course-reset`, { method: 'POST' }))

/** Signs a user out everywhere: each of their browsers is refused on its next request. */
export const useEndUserSessions = () =>
  useAdminMutation((id: string) => api<EndedSessions>(`${USERS}/${encodeURIComponent(id)}/sessions`, { method: 'DELETE' }))
