import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { ResetRequestSchema, type ResetRequestInput } from '../../../../shared/schemas/auth'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { useRequestPasswordReset } from '../api'

/** Reset mode of /auth. Leaving it, or a successful send, resets the form and returns to sign-in. */
export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const requestReset = useRequestPasswordReset()
  const form = useForm<ResetRequestInput>({ resolver: zodResolver(ResetRequestSchema), defaultValues: { email: '' } })

  const leave = () => {
    form.reset()
    onDone()
  }
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values)
      notify.success('Password reset email sent. Please check your inbox.', 'Success')
      leave()
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to send the reset email. Please try again.'))
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" disabled={requestReset.isPending}>
        {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button variant="outline" className="w-full" onClick={leave}>
        Back to Sign In
      </Button>
    </form>
  )
}
