import { Link, useSearchParams } from 'react-router'
import { paths } from '../../shared/paths'
import { CenteredCardPage } from '../components/layout/centered-card-page'
import { buttonVariants } from '../components/ui/button'
import { PageSpinner } from '../components/ui/spinner'
import { ChangePasswordForm } from '../features/auth/components/change-password-form'
import { useAuth } from '../lib/auth'
import { pageTitle } from '../lib/site-config'

/** Three ways in: the e-mailed reset link, a temporary password to replace, or a signed-in change. */
export default function ChangePasswordPage() {
  const auth = useAuth()
  const token = useSearchParams()[0].get('token')
  const title = <title>{pageTitle('Change Password')}</title>

  if (token) {
    return (
      <CenteredCardPage title="Set a New Password" description="Choose a new password for your account.">
        {title}
        <ChangePasswordForm mode={{ kind: 'reset', token }} />
      </CenteredCardPage>
    )
  }
  if (auth.status === 'loading') return <PageSpinner />
  if (auth.status === 'signed-out') {
    return (
      <CenteredCardPage
        title="Change Password"
        description="Sign in first, or use the link in your password reset e-mail to choose a new password."
      >
        {title}
        <Link to={paths.auth} className={buttonVariants({ className: 'w-full' })}>
          Back to Sign In
        </Link>
      </CenteredCardPage>
    )
  }
  const isTemporary = auth.profile.mustChangePassword
  return (
    <CenteredCardPage
      title={isTemporary ? 'Change Your Password' : 'Change Password'}
      description={
        isTemporary
          ? 'You signed in with a temporary password. Choose your own password to continue.'
          : 'Enter your current password, then choose a new one.'
      }
    >
      {title}
      <ChangePasswordForm mode={{ kind: isTemporary ? 'temporary' : 'signed-in' }} />
    </CenteredCardPage>
  )
}
