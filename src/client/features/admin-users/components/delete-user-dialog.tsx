import { Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import type { AdminUser } from '../../../../shared/api-types'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog'
import { BusyButton } from '../../../components/ui/busy-button'
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
    !deleteUser.isPending &&
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        notify.success('User deleted successfully')
        wasDeleted.current = true
        setOpen(false)
      },
      onError: (error) => notify.error(adminFailure(error, 'Failed to delete user')),
    })

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !deleteUser.isPending && setOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={`Delete ${user.email}`}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // The row is gone with its button: focus goes to the list instead.
          if (wasDeleted.current) {
            event.preventDefault()
            onDeleted()
          }
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>
            This will permanently delete the user <strong className="font-semibold text-foreground">{user.email}</strong>.
            This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteUser.isPending}>Cancel</AlertDialogCancel>
          <BusyButton variant="destructive" onClick={confirm} isBusy={deleteUser.isPending}>
            {deleteUser.isPending ? 'Deleting...' : 'Delete'}
          </BusyButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
