import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { createContext, use, useMemo, type ReactNode } from 'react'
import type { Profile } from '../../shared/api-types'
import type { ChangePasswordInput, ResetPasswordInput } from '../../shared/schemas/auth'
import { api, ApiError } from './api-client'
import { queryKeys } from './query-keys'

// Who is signed in, and the calls that change it: signing in (into the cache), out, and a
// password change or reset; features/auth holds the screens and forms that use them. The session
// cookie itself is HttpOnly (docs/decisions/0001-cookie-sessions.md): the profile is the
// browser's only view of it.

export type AuthState =
  | { status: 'loading'; profile: null; isAdmin: false }
  | { status: 'signed-out'; profile: null; isAdmin: false }
  | { status: 'signed-in'; profile: Profile; isAdmin: boolean }

/** The signed-in user's profile, or null when nobody is signed in. */
async function fetchProfile(): Promise<Profile | null> {
  try {
    return await api<Profile>('/api/profile')
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

const AuthContext = createContext<AuthState | null>(null)

/** Who is signed in, read from the server (`GET /api/profile`), for every screen below. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data: profile, isPending } = useQuery({
    queryKey: queryKeys.profile,
    queryFn: fetchProfile,
    staleTime: 60_000,
    retry: 1,
  })
  const state = useMemo<AuthState>(() => {
    if (isPending) return { status: 'loading', profile: null, isAdmin: false }
    if (!profile) return { status: 'signed-out', profile: null, isAdmin: false }
    return { status: 'signed-in', profile, isAdmin: profile.role === 'admin' }
  }, [isPending, profile])
  return <AuthContext value={state}>{children}</AuthContext>
}

export function useAuth(): AuthState {
  const context = use(AuthContext)
  if (!context) throw new Error('useAuth must be used within an AuthProvider')
  return context
}

/**
 * A 401 or 403 means the session ended or lost the admin role: re-reading the profile lets the
 * route guards send this browser where it now belongs.
 */
export function recheckSession(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.profile })
  }
}

/**
 * Whatever an earlier user left in the cache is not the next user's. The profile query stays:
 * the AuthProvider observes it, and it is overwritten right after.
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
