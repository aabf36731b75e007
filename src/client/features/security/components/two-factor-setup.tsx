import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { ConfirmTwoFactorSchema, type ConfirmTwoFactorInput } from '../../../../shared/schemas/two-factor'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-client'
import { showApiFieldErrors } from '../../../lib/api-field-errors'
import { notify } from '../../../lib/notify'
import { useConfirmTwoFactor, useStartTwoFactorSetup } from '../api'
import { PasswordForm } from './password-form'
import { QrCode } from './qr-code'
import { RecoveryCodesList } from './recovery-codes'

type Stage = { step: 'password' } | { step: 'scan'; totpUri: string } | { step: 'codes'; recoveryCodes: string[] }

type TwoFactorSetupProps = {
  email: string
  /** It is on: the recovery codes show next, until Done. */
  onEnabled?: () => void
  onDone: () => void
  onCancel?: () => void
}

/** The key an app asks for when it is typed in by hand: the URI's base32 secret, in groups of four. */
const typedKey = (totpUri: string) => (new URL(totpUri).searchParams.get('secret') ?? '').replace(/(.{4})(?=.)/g, '$1 ')

/**
 * Turning two-factor sign-in on (docs/decisions/0038-two-factor-sign-in.md): the password, then the
 * app's key as a QR code (and as text to type), a first code from the app, then the ten recovery
 * codes. Used on the Security page, and on the screen that holds an admin until it is done.
 */
export function TwoFactorSetup({ email, onEnabled, onDone, onCancel }: TwoFactorSetupProps) {
  const [stage, setStage] = useState<Stage>({ step: 'password' })
  const start = useStartTwoFactorSetup()
  const cancel = onCancel && (
    <Button variant="outline" onClick={onCancel}>
      Cancel
    </Button>
  )

  if (stage.step === 'password') {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">Enter your password to start. You will need an authenticator app on your phone.</p>
        <PasswordForm
          submitLabel="Continue"
          busyLabel="Checking..."
          isPending={start.isPending}
          failure="Failed to start setting up two-factor sign-in"
          onSubmit={async (input) => setStage({ step: 'scan', totpUri: (await start.mutateAsync(input)).totpUri })}
        >
          {cancel}
        </PasswordForm>
      </div>
    )
  }
  if (stage.step === 'scan') {
    return (
      <ScanAndConfirm
        totpUri={stage.totpUri}
        cancel={cancel}
        onConfirmed={(recoveryCodes) => {
          onEnabled?.()
          setStage({ step: 'codes', recoveryCodes })
        }}
      />
    )
  }
  return (
    <div className="grid gap-4">
      <p className="font-medium text-success">Two-factor sign-in is on. Save your recovery codes now.</p>
      <RecoveryCodesList codes={stage.recoveryCodes} email={email} />
      <Button className="justify-self-end" onClick={onDone}>
        Done
      </Button>
    </div>
  )
}

type ScanProps = { totpUri: string; cancel: ReactNode; onConfirmed: (recoveryCodes: string[]) => void }

function ScanAndConfirm({ totpUri, cancel, onConfirmed }: ScanProps) {
  const confirm = useConfirmTwoFactor()
  const form = useForm<ConfirmTwoFactorInput>({ resolver: zodResolver(ConfirmTwoFactorSchema), defaultValues: { code: '' } })
  const submit = form.handleSubmit(async (input) => {
    if (confirm.isPending) return
    try {
      onConfirmed((await confirm.mutateAsync(input)).recoveryCodes)
    } catch (error) {
      showApiFieldErrors(form, error, ['code'])
      notify.error(errorMessage(error, 'Failed to turn on two-factor sign-in'))
    }
  })

  return (
    <ol className="grid list-decimal gap-5 pl-5 marker:font-semibold">
      <li className="grid gap-3">
        <span>Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</span>
        <QrCode text={totpUri} label="QR code that adds this account to your authenticator app" />
      </li>
      <li className="grid gap-2">
        <span>Can’t scan it? Add the account by hand with this key:</span>
        <code className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">{typedKey(totpUri)}</code>
        <span className="text-sm text-muted-foreground">or with this setup link:</span>
        <code className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">{totpUri}</code>
      </li>
      <li>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField
            label="Enter the 6-digit code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {cancel}
            <BusyButton type="submit" isBusy={confirm.isPending}>
              {confirm.isPending ? 'Turning on...' : 'Turn On'}
            </BusyButton>
          </div>
        </form>
      </li>
    </ol>
  )
}
