import { Navigate, Outlet, useLocation } from 'react-router'
import { landingPath, mustLandElsewhereFirst } from '../../../shared/landing'
import { paths } from '../../../shared/paths'
import { PageSpinner } from '../../components/ui/spinner'
import { useAuth } from '../../lib/auth'

export type RedirectState = { from?: string }

/**
 * Signed out → /auth, which brings them back here once signed in; a temporary password to replace
 * → /change-password; an admin without a second factor (REQUIRE_ADMIN_2FA) → /two-factor-setup
 * (shared/landing.ts); else the screen (docs/spec.md §4). The server refuses them anyway.
 */
export function RequireAuth() {
  const auth = useAuth()
  const location = useLocation()
  if (auth.status === 'loading') return <PageSpinner />
  if (auth.status === 'signed-out') {
    const state: RedirectState = { from: location.pathname + location.search }
    return <Navigate to={paths.auth} replace state={state} />
  }
  if (mustLandElsewhereFirst(auth.profile)) {
    return <Navigate to={landingPath(auth.profile)} replace />
  }
  return <Outlet />
}

/** Admin screens: anyone else goes to the dashboard (the server refuses them anyway). */
export function RequireAdmin() {
  const { isAdmin } = useAuth()
  return isAdmin ? <Outlet /> : <Navigate to={paths.dashboard} replace />
}
