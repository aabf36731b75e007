import { Navigate, useLocation } from 'react-router'
import { landingPath } from '../../shared/landing'
import { PageSpinner } from '../components/ui/spinner'
import { AuthScreen } from '../features/auth/components/auth-screen'
import type { RedirectState } from '../features/auth/guards'
import { useAuth, useSignedIn } from '../lib/auth'

/** /auth reached inside the app (sign-out, a guard): once signed in, on to where they were going. */
export default function AuthPage() {
  const auth = useAuth()
  const location = useLocation()
  const onSignedIn = useSignedIn()

  if (auth.status === 'loading') return <PageSpinner />
  if (auth.status === 'signed-in') {
    const from = (location.state as RedirectState | null)?.from
    return <Navigate to={landingPath(auth.profile, from)} replace />
  }
  return <AuthScreen onSignedIn={onSignedIn} />
}
