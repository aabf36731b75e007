import { Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import type { AdminUser } from '../../../../shared/api-types'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Button } from '../../../components/ui/button'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useDeleteUser } from '../api'

/** Delete, after an 'Are you sure?' naming the user's e-mail. */
export function DeleteUserDialog({ user, onDeleted }: { user: AdminUser; onDeleted: () => void }) {
  const [isOpen, setOpen] = useState(false)
  const wasDeleted = useRef(false)
  const deleteUser = useDeleteUser()

  const confirm = () =>
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        notify.success('User deleted successfully')
        wasDeleted.current = true
        setOpen(false)
      },
      onError: (error) => notify.error(adminFailure(error, 'Failed to delete user')),
    })

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      isBusy={deleteUser.isPending}
      trigger={
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={`Delete ${user.email}`}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      }
      onCloseAutoFocus={(event) => {
        // The row is gone with its button: focus goes to the list instead.
        if (wasDeleted.current) {
          event.preventDefault()
          onDeleted()
        }
      }}
      title="Are you sure?"
      description={
        <>
          This will permanently delete the user <strong className="font-semibold text-foreground">{user.email}</strong>.
          This action cannot be undone.
        </>
      }
      confirmLabel={deleteUser.isPending ? 'Deleting...' : 'Delete'}
      onConfirm={confirm}
    />
  )
}
