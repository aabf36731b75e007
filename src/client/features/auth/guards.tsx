import { Navigate, Outlet, useLocation } from 'react-router'
import { paths } from '../../../shared/paths'
import { PageSpinner } from '../../components/ui/spinner'
import { useAuth } from './auth-provider'

export type RedirectState = { from?: string }

/** Spec §4: signed out → /auth; must change the password → /change-password; else the screen. */
export function RequireAuth() {
  const auth = useAuth()
  const location = useLocation()
  if (auth.status === 'loading') return <PageSpinner />
  if (auth.status === 'signed-out') {
    const state: RedirectState = { from: location.pathname + location.search }
    return <Navigate to={paths.auth} replace state={state} />
  }
  if (auth.profile.mustChangePassword) return <Navigate to={paths.changePassword} replace />
  return <Outlet />
}

/** Admin screens: anyone else goes to the dashboard (the server refuses them anyway). */
export function RequireAdmin() {
  const { isAdmin } = useAuth()
  return isAdmin ? <Outlet /> : <Navigate to={paths.dashboard} replace />
}
