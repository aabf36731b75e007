import { useEffect, useRef } from 'react'
import type { Profile } from '../../../../shared/api-types'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { useSchemaForm } from '../../../lib/use-schema-form'
import { loadSignInSchema, signIn } from '../requests'

type SignInFormProps = {
  onSignedIn: (profile: Profile) => void | Promise<void>
  /** The password was right and the account has two-factor sign-in on: a code is due (AuthScreen's code step). */
  onCodeRequired?: () => void
  onForgotPassword: () => void
}

export function SignInForm({ onSignedIn, onCodeRequired, onForgotPassword }: SignInFormProps) {
  // Prerendered, with its buttons enabled: the sign-in page's loader holds a submit or a click made
  // before React has taken the form over, and repeats it once React has (scripts/prerender.tsx).
  // Not autoFocus, which React applies when it takes the page over: a visitor who has already
  // clicked into the password field would be sent back to the email.
  const email = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (document.activeElement === document.body) email.current?.focus()
  }, [])
  const { errors, isPending, formProps } = useSchemaForm(loadSignInSchema, (values) =>
    signIn(values).then(
      (answer) => ('twoFactorRequired' in answer ? onCodeRequired?.() : onSignedIn(answer)),
      (error: unknown) => {
        notify.error(errorMessage(error, 'Failed to sign in. Please check your credentials.'))
      },
    ),
  )

  return (
    <form {...formProps} method="post" className="grid gap-4">
      <TextField ref={email} label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button variant="link" className="mx-auto h-auto p-0" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
    </form>
  )
}
