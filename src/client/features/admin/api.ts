import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { AdminUser, AdminUserPage, CreatedUser } from '../../../shared/api-types'
import type { CreateUserInput, UserDetailsInput } from '../../../shared/schemas/admin'
import type { Role } from '../../../shared/schemas/fields'
import { api, ApiError } from '../../lib/api-client'
import { profileQueryKey } from '../auth/api'

export const adminUsersKey = ['admin-users'] as const

const USERS = '/api/admin/users'

export type UserListQuery = { search: string; page: number }

/**
 * A 401 or 403 means the session ended or lost the admin role: re-reading the profile lets the
 * route guards send this browser where it now belongs.
 */
export function recheckSession(queryClient: QueryClient, error: unknown) {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey })
  }
}

/** One page of users from the server; the previous page stays on screen while the next loads. */
export function useAdminUsers({ search, page }: UserListQuery) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: [...adminUsersKey, { search, page }],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) })
      if (search) params.set('search', search)
      try {
        return await api<AdminUserPage>(`${USERS}?${params}`, { signal })
      } catch (error) {
        recheckSession(queryClient, error)
        throw error
      }
    },
    placeholderData: keepPreviousData,
  })
}

/** A mutation that reloads the list after it succeeds (spec §8) and rechecks the session on 401/403. */
function useAdminMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, affectsProfile = false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // A role change may be the admin's own.
      if (affectsProfile) void queryClient.invalidateQueries({ queryKey: profileQueryKey })
      await queryClient.invalidateQueries({ queryKey: adminUsersKey })
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
