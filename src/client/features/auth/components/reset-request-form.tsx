import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { useSchemaForm } from '../../../lib/use-schema-form'
import { loadResetRequestSchema, requestPasswordReset } from '../requests'

/** Reset mode of /auth. Leaving it, or a successful send, returns to sign-in with the form unmounted, so reset. */
export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const { errors, isPending, formProps } = useSchemaForm(loadResetRequestSchema, async (values) => {
    try {
      await requestPasswordReset(values)
      notify.success('Password reset email sent. Please check your inbox.', 'Success')
      onDone()
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to send the reset email. Please try again.'))
    }
  })

  return (
    <form {...formProps} method="post" className="grid gap-4">
      <TextField label="Email" name="email" type="email" autoComplete="email" autoFocus error={errors.email} />
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button variant="outline" className="w-full" onClick={onDone}>
        Back to Sign In
      </Button>
    </form>
  )
}
