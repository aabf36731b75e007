import { Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import type { DraftModuleSummary } from '../../../../shared/course/admin-api-types'
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
import { useRemoveModule } from '../api'

type RemoveModuleDialogProps = {
  module: DraftModuleSummary
  /** After the removal: the row has moved or gone, so the list places the focus. */
  onRemoved: (module: DraftModuleSummary) => void
}

/**
 * Remove, after saying what it does: a published module stays live until the next publish (and
 * can be restored); one that is not in the live course is deleted with its text.
 */
export function RemoveModuleDialog({ module, onRemoved }: RemoveModuleDialogProps) {
  const [isOpen, setOpen] = useState(false)
  const wasRemoved = useRef(false)
  const remove = useRemoveModule()
  const isLive = module.status !== 'new'

  const confirm = () =>
    !remove.isPending &&
    remove.mutate(module.id, {
      onSuccess: () => {
        notify.success(isLive ? `“${module.title}” removed from the draft` : `“${module.title}” deleted`)
        wasRemoved.current = true
        setOpen(false)
      },
      onError: (error) => notify.error(adminFailure(error, 'Failed to remove the module')),
    })

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !remove.isPending && setOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`Remove “${module.title}”`}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Remove</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (wasRemoved.current) {
            event.preventDefault()
            wasRemoved.current = false
            onRemoved(module)
          }
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Remove “{module.title}”?</AlertDialogTitle>
          <AlertDialogDescription>
            {isLive
              ? 'Learners keep seeing this module until you publish; the next publish takes it out of the course. Their progress on it is kept, and you can restore the module at any time.'
              : 'This module is not in the live course, so it is deleted from the draft with all its text.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <BusyButton variant="destructive" onClick={confirm} isBusy={remove.isPending}>
            {remove.isPending ? 'Removing…' : isLive ? 'Remove module' : 'Delete module'}
          </BusyButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
