import { Navigate, useLocation } from 'react-router'
import { paths } from '../../shared/paths'
import { PageSpinner } from '../components/ui/spinner'
import { useSignedIn } from '../features/auth/api'
import { useAuth } from '../features/auth/auth-provider'
import { AuthScreen } from '../features/auth/components/auth-screen'
import type { RedirectState } from '../features/auth/guards'

/** /auth reached inside the app (sign-out, a guard): once signed in, on to where they were going. */
export default function AuthPage() {
  const auth = useAuth()
  const location = useLocation()
  const onSignedIn = useSignedIn()

  if (auth.status === 'loading') return <PageSpinner />
  if (auth.status === 'signed-in') {
    if (auth.profile.mustChangePassword) return <Navigate to={paths.changePassword} replace />
    const from = (location.state as RedirectState | null)?.from
    return <Navigate to={from ?? paths.dashboard} replace />
  }
  return <AuthScreen onSignedIn={onSignedIn} />
}
