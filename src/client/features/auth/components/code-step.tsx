import { useId, useState, type FormEvent } from 'react'
import type { Profile } from '../../../../shared/api-types'
import { CenteredCardPage } from '../../../components/layout/centered-card-page'
import { Button } from '../../../components/ui/button'
import { Label } from '../../../components/ui/label'
import { TextField } from '../../../components/ui/text-field'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { pageTitle } from '../../../lib/site-config'
import { useSchemaForm } from '../../../lib/use-schema-form'
import { loadRecoveryCodeSchema, loadTotpCodeSchema, verifyRecoveryCode, verifyTotp } from '../requests'

type Method = 'app' | 'recovery'
type CodeStepProps = {
  onSignedIn: (profile: Profile) => void | Promise<void>
  /** The sign-in waiting for its code is gone (expired, too many wrong codes): back to the password. */
  onRestart: () => void
}

const copy = {
  app: {
    title: 'Enter Your Code',
    description: 'Open your authenticator app and enter the 6-digit code it shows for this account.',
    label: 'Authentication code',
    switchTo: 'Use a recovery code instead',
  },
  recovery: {
    title: 'Enter a Recovery Code',
    description: 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.',
    label: 'Recovery code',
    switchTo: 'Use your authenticator app instead',
  },
} as const

/**
 * The second step of a two-factor sign-in (docs/decisions/0038-two-factor-sign-in.md): a code from
 * the app, or a recovery code, and whether to skip this step on this browser for 30 days. Loaded
 * only when a sign-in asks for it (auth-screen.tsx).
 */
export function CodeStep({ onSignedIn, onRestart }: CodeStepProps) {
  const [method, setMethod] = useState<Method>('app')
  const text = copy[method]
  return (
    <CenteredCardPage title={text.title} description={text.description}>
      <title>{pageTitle('Two-Factor Sign-In')}</title>
      {/* A fresh form for each method: its errors and its field start over. */}
      <CodeForm key={method} method={method} onSignedIn={onSignedIn} onRestart={onRestart} />
      <div className="mt-4 grid justify-items-center gap-2">
        <Button variant="link" className="h-auto p-0" onClick={() => setMethod(method === 'app' ? 'recovery' : 'app')}>
          {text.switchTo}
        </Button>
        <Button variant="link" className="h-auto p-0" onClick={onRestart}>
          Back to Sign In
        </Button>
      </div>
    </CenteredCardPage>
  )
}

function CodeForm({ method, onSignedIn, onRestart }: CodeStepProps & { method: Method }) {
  const trustId = useId()
  const [isTrusted, setTrusted] = useState(false)
  // The server's verdict on the code itself, shown under the field until it is typed again.
  const [codeError, setCodeError] = useState<string>()
  const verify = (code: string) =>
    method === 'app' ? verifyTotp({ code, trustDevice: isTrusted }) : verifyRecoveryCode({ code, trustDevice: isTrusted })
  const { errors, isPending, formProps } = useSchemaForm(method === 'app' ? loadTotpCodeSchema : loadRecoveryCodeSchema, ({ code }) =>
    verify(code).then(onSignedIn, (error: unknown) => {
      if (error instanceof ApiError && error.code === 'SIGN_IN_EXPIRED') {
        notify.error(error.message)
        onRestart()
        return
      }
      if (error instanceof ApiError && error.code === 'INVALID_CODE') setCodeError(error.message)
      notify.error(errorMessage(error, 'Failed to sign in. Please check your code.'))
    }),
  )

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    setCodeError(undefined)
    formProps.onInput(event)
  }

  return (
    <form {...formProps} onInput={onInput} className="grid gap-4">
      <TextField
        label={copy[method].label}
        name="code"
        autoComplete="one-time-code"
        inputMode={method === 'app' ? 'numeric' : 'text'}
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        placeholder={method === 'recovery' ? 'abcde-12345' : undefined}
        error={errors.code ?? codeError}
      />
      <div className="flex items-start gap-3">
        <input
          id={trustId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={isTrusted}
          onChange={(event) => setTrusted(event.target.checked)}
        />
        <div className="grid gap-1">
          <Label htmlFor={trustId}>Trust this device for 30 days</Label>
          <p className="text-sm text-muted-foreground">This browser won’t ask for a code again for 30 days. Not on a shared computer.</p>
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  )
}
