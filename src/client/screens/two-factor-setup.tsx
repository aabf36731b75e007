import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { landingPath } from '../../shared/landing'
import { paths } from '../../shared/paths'
import { CenteredCardPage } from '../components/layout/centered-card-page'
import { Button } from '../components/ui/button'
import { PageSpinner } from '../components/ui/spinner'
import { TwoFactorSetup } from '../features/security/components/two-factor-setup'
import { useAuth, useSignOut } from '../lib/auth'
import { pageTitle } from '../lib/site-config'

/**
 * Where an admin without a second factor is held (REQUIRE_ADMIN_2FA), as a temporary password holds
 * anyone on /change-password: set it up, save the recovery codes, then on to the admin panel. The
 * server refuses every admin call until then (docs/decisions/0038-two-factor-sign-in.md).
 */
export default function TwoFactorSetupPage() {
  const auth = useAuth()
  const navigate = useNavigate()
  const signOut = useSignOut()
  // Set once it is on: the recovery codes stay on screen although the profile no longer holds them here.
  const [isEnabled, setEnabled] = useState(false)

  if (auth.status === 'loading') return <PageSpinner />
  if (auth.status === 'signed-out') return <Navigate to={paths.auth} replace />
  if (!auth.profile.mustSetUpTwoFactor && !isEnabled) return <Navigate to={landingPath(auth.profile)} replace />
  return (
    <CenteredCardPage
      title="Set Up Two-Factor Sign-In"
      description="Admin accounts sign in with a code from an authenticator app as well as the password. Set it up to continue."
    >
      <title>{pageTitle('Set Up Two-Factor Sign-In')}</title>
      <TwoFactorSetup email={auth.profile.email} onEnabled={() => setEnabled(true)} onDone={() => navigate(paths.admin, { replace: true })} />
      {!isEnabled && (
        <Button
          variant="link"
          className="mx-auto mt-4 flex h-auto p-0"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(paths.auth, { replace: true }) })}
        >
          Sign Out
        </Button>
      )}
    </CenteredCardPage>
  )
}
