import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { TwoFactorPasswordSchema, type TwoFactorPasswordInput } from '../../../../shared/schemas/two-factor'
import { BusyButton } from '../../../components/ui/busy-button'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-client'
import { showApiFieldErrors } from '../../../lib/api-field-errors'
import { notify } from '../../../lib/notify'

type PasswordFormProps = {
  submitLabel: string
  busyLabel: string
  isPending: boolean
  /** The toast's message when the server refuses without a reason of its own. */
  failure: string
  onSubmit: (input: TwoFactorPasswordInput) => Promise<unknown>
  /** Anything else the form shows under its button (Cancel). */
  children?: ReactNode
}

/** Turning two-factor sign-in on or off, and new recovery codes: each asks for the password again. */
export function PasswordForm({ submitLabel, busyLabel, isPending, failure, onSubmit, children }: PasswordFormProps) {
  const form = useForm<TwoFactorPasswordInput>({ resolver: zodResolver(TwoFactorPasswordSchema), defaultValues: { password: '' } })
  const submit = form.handleSubmit(async (input) => {
    if (isPending) return
    try {
      await onSubmit(input)
    } catch (error) {
      showApiFieldErrors(form, error, ['password'])
      notify.error(errorMessage(error, failure))
    }
  })
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {children}
        <BusyButton type="submit" isBusy={isPending}>
          {isPending ? busyLabel : submitLabel}
        </BusyButton>
      </div>
    </form>
  )
}
