import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import type { AdminUser } from '../../../../shared/api-types'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Button } from '../../../components/ui/button'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useResetTwoFactor } from '../api'

/**
 * Reset 2FA, after a confirmation: for a user who lost their authenticator and their recovery codes.
 * They sign in with the password alone until they set it up again (an admin is asked to at once).
 */
export function ResetTwoFactorDialog({ user }: { user: AdminUser }) {
  const [isOpen, setOpen] = useState(false)
  const reset = useResetTwoFactor()

  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: () => {
        notify.success('Two-factor sign-in reset successfully')
        setOpen(false)
      },
      onError: (error) => notify.error(adminFailure(error, 'Failed to reset two-factor sign-in')),
    })

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      isBusy={reset.isPending}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Reset two-factor sign-in of ${user.email}`}>
          <KeyRound aria-hidden />
          Reset 2FA
        </Button>
      }
      title="Reset two-factor sign-in?"
      description={
        <>
          <strong className="font-semibold text-foreground">{user.email}</strong> will sign in with their password alone
          until they set up two-factor sign-in again. Their authenticator app, recovery codes and trusted devices stop
          working. Do this only when you are sure the request comes from them.
        </>
      }
      confirmLabel={reset.isPending ? 'Resetting...' : 'Reset'}
      onConfirm={confirm}
    />
  )
}
