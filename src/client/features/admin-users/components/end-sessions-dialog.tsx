import { LogOut } from 'lucide-react'
import { useState } from 'react'
import type { AdminUser } from '../../../../shared/api-types'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useEndUserSessions } from '../api'

/**
 * Ends every session of a user, after a confirmation: a lost phone, a shared computer left signed
 * in. They can sign in again with their password (docs/decisions/0085-session-list.md).
 */
export function EndSessionsDialog({ user }: { user: AdminUser }) {
  const [isOpen, setOpen] = useState(false)
  const end = useEndUserSessions()

  const confirm = () =>
    end.mutate(user.id, {
      onSuccess: ({ endedCount }) => {
        notify.success(endedCount === 1 ? 'Ended 1 session' : `Ended ${endedCount} sessions`)
        setOpen(false)
      },
      onError: (error) => notify.error(adminFailure(error, 'Failed to sign the user out')),
    })

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      isBusy={end.isPending}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Sign Out Everywhere for ${user.email}`}>
          <LogOut aria-hidden />
          Sign Out Everywhere
        </Button>
      }
      title="Sign this user out everywhere?"
      description={
        <>
          Every browser signed in as <strong className="font-semibold text-foreground">{user.email}</strong> is signed out
          on its next request. They can sign in again with their password.
        </>
      }
      confirmLabel={end.isPending ? 'Signing out...' : 'Sign Out Everywhere'}
      onConfirm={confirm}
    />
  )
}
