import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Profile } from '../../../shared/api-types'
import type { ChangePasswordInput, ResetPasswordInput } from '../../../shared/schemas/auth'
import { api } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'

/**
 * Whatever an earlier user left in the cache is not the next user's. The profile query stays:
 * the SessionProvider observes it, and it is overwritten right after.
 */
function forgetOtherQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.profile[0] })
}

/** Puts a fresh sign-in's profile in the cache, which takes the app on to the signed-in screens. */
export function useSignedIn() {
  const queryClient = useQueryClient()
  return (profile: Profile) => {
    forgetOtherQueries(queryClient)
    queryClient.setQueryData(queryKeys.profile, profile)
  }
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<{ success: true }>('/api/auth/sign-out', { method: 'POST' }),
    onSettled: () => {
      forgetOtherQueries(queryClient)
      queryClient.setQueryData(queryKeys.profile, null)
    },
  })
}

export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api<{ success: true }>('/api/auth/reset-password', { method: 'POST', body: input }),
    // A reset ends every session of the account, this browser's too if it had one.
    onSuccess: () => queryClient.setQueryData(queryKeys.profile, null),
  })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api<Profile>('/api/profile/password', { method: 'PUT', body: input }),
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  })
}
