import { createContext, use, useMemo, type ReactNode } from 'react'
import type { Profile } from '../../../shared/api-types'
import { useProfileQuery } from './api'

export type AuthState =
  | { status: 'loading'; profile: null; isAdmin: false }
  | { status: 'signed-out'; profile: null; isAdmin: false }
  | { status: 'signed-in'; profile: Profile; isAdmin: boolean }

const AuthContext = createContext<AuthState | null>(null)

/** Who is signed in, read from the server (the session cookie is HttpOnly, decision D1). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data: profile, isPending } = useProfileQuery()
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
