import { useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { paths } from '../../shared/paths'
import { CenteredCardPage } from '../components/layout/centered-card-page'
import { PageSpinner } from '../components/ui/spinner'
import { useAuth } from '../features/auth/auth-provider'
import { ResetRequestForm } from '../features/auth/components/reset-request-form'
import { SignInForm } from '../features/auth/components/sign-in-form'
import type { RedirectState } from '../features/auth/guards'
import { pageTitle } from '../lib/site-config'

export default function AuthPage() {
  const auth = useAuth()
  const location = useLocation()
  const [mode, setMode] = useState<'sign-in' | 'reset'>('sign-in')

  if (auth.status === 'loading') return <PageSpinner />
  if (auth.status === 'signed-in') {
    if (auth.profile.mustChangePassword) return <Navigate to={paths.changePassword} replace />
    const from = (location.state as RedirectState | null)?.from
    return <Navigate to={from ?? paths.dashboard} replace />
  }

  return mode === 'sign-in' ? (
    <CenteredCardPage title="Welcome Back" description="Sign in to access your training course">
      <title>{pageTitle('Sign In')}</title>
      <SignInForm onForgotPassword={() => setMode('reset')} />
    </CenteredCardPage>
  ) : (
    <CenteredCardPage title="Reset Password" description="Enter your email to receive a password reset link">
      <title>{pageTitle('Reset Password')}</title>
      <ResetRequestForm onDone={() => setMode('sign-in')} />
    </CenteredCardPage>
  )
}
