import { useQuery, type QueryClient } from '@tanstack/react-query'
import { createContext, use, useMemo, type ReactNode } from 'react'
import type { Profile } from '../../shared/api-types'
import { api, ApiError } from './api-client'
import { queryKeys } from './query-keys'

export type SessionState =
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

const SessionContext = createContext<SessionState | null>(null)

/**
 * Who is signed in, read from the server: the session cookie is HttpOnly
 * (docs/decisions/0001-cookie-sessions.md), so the profile is the browser's only view of it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { data: profile, isPending } = useQuery({
    queryKey: queryKeys.profile,
    queryFn: fetchProfile,
    staleTime: 60_000,
    retry: 1,
  })
  const state = useMemo<SessionState>(() => {
    if (isPending) return { status: 'loading', profile: null, isAdmin: false }
    if (!profile) return { status: 'signed-out', profile: null, isAdmin: false }
    return { status: 'signed-in', profile, isAdmin: profile.role === 'admin' }
  }, [isPending, profile])
  return <SessionContext value={state}>{children}</SessionContext>
}

export function useSession(): SessionState {
  const context = use(SessionContext)
  if (!context) throw new Error('useSession must be used within a SessionProvider')
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
