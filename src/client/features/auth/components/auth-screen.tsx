import { lazy, Suspense, useState } from 'react'
import type { Profile } from '../../../../shared/api-types'
import { CenteredCardPage } from '../../../components/layout/centered-card-page'
import { PageSpinner } from '../../../components/ui/spinner'
import { pageTitle } from '../../../lib/site-config'
import { ResetRequestForm } from './reset-request-form'
import { SignInForm } from './sign-in-form'

// Fetched when a sign-in asks for it: most visitors never need it, and the sign-in page keeps
// within its script budget (docs/performance.md, figure 6).
const CodeStep = lazy(() => import('./code-step').then((module) => ({ default: module.CodeStep })))

/**
 * /auth for a signed-out visitor: sign-in mode, reset mode, or the code step of a two-factor
 * sign-in. Rendered by the app's router and, on a page load of /auth, by the sign-in page's own
 * small entry (src/client/sign-in.tsx). `onSignedIn` may return a promise: the form stays busy
 * ('Signing in...', 'Verifying...') until it settles.
 */
export function AuthScreen({ onSignedIn }: { onSignedIn: (profile: Profile) => void | Promise<void> }) {
  const [mode, setMode] = useState<'sign-in' | 'reset' | 'code'>('sign-in')

  if (mode === 'code') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <CodeStep onSignedIn={onSignedIn} onRestart={() => setMode('sign-in')} />
      </Suspense>
    )
  }
  return mode === 'sign-in' ? (
    <CenteredCardPage title="Welcome Back" description="Sign in to access your training course">
      <title>{pageTitle('Sign In')}</title>
      <SignInForm onSignedIn={onSignedIn} onCodeRequired={() => setMode('code')} onForgotPassword={() => setMode('reset')} />
    </CenteredCardPage>
  ) : (
    <CenteredCardPage title="Reset Password" description="Enter your email to receive a password reset link">
      <title>{pageTitle('Reset Password')}</title>
      <ResetRequestForm onDone={() => setMode('sign-in')} />
    </CenteredCardPage>
  )
}
