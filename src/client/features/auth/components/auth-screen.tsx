import { useState } from 'react'
import type { Profile } from '../../../../shared/api-types'
import { CenteredCardPage } from '../../../components/layout/centered-card-page'
import { pageTitle } from '../../../lib/site-config'
import { ResetRequestForm } from './reset-request-form'
import { SignInForm } from './sign-in-form'

/**
 * /auth for a signed-out visitor: sign-in mode, or reset mode. Rendered by the app's router and,
 * on a page load of /auth, by the sign-in page's own small entry (src/client/sign-in.tsx).
 * `onSignedIn` may return a promise: the form stays busy ('Signing in...') until it settles.
 */
export function AuthScreen({ onSignedIn }: { onSignedIn: (profile: Profile) => void | Promise<void> }) {
  const [mode, setMode] = useState<'sign-in' | 'reset'>('sign-in')

  return mode === 'sign-in' ? (
    <CenteredCardPage title="Welcome Back" description="Sign in to access your training course">
      <title>{pageTitle('Sign In')}</title>
      <SignInForm onSignedIn={onSignedIn} onForgotPassword={() => setMode('reset')} />
    </CenteredCardPage>
  ) : (
    <CenteredCardPage title="Reset Password" description="Enter your email to receive a password reset link">
      <title>{pageTitle('Reset Password')}</title>
      <ResetRequestForm onDone={() => setMode('sign-in')} />
    </CenteredCardPage>
  )
}
