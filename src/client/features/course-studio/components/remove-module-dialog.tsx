import { Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import type { DraftModuleSummary } from '../../../../shared/course/admin-api-types'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
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
    remove.mutate(module.id, {
      onSuccess: () => {
        notify.success(isLive ? `“${module.title}” removed from the draft` : `“${module.title}” deleted`)
        wasRemoved.current = true
        setOpen(false)
      },
      onError: (error) => notify.error(adminFailure(error, 'Failed to remove the module')),
    })

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      isBusy={remove.isPending}
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`Remove “${module.title}”`}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Remove</span>
        </Button>
      }
      onCloseAutoFocus={(event) => {
        if (wasRemoved.current) {
          event.preventDefault()
          wasRemoved.current = false
          onRemoved(module)
        }
      }}
      title={<>Remove “{module.title}”?</>}
      description={
        isLive
          ? 'Learners keep seeing this module until you publish; the next publish takes it out of the course. Their progress on it is kept, and you can restore the module at any time.'
          : 'This module is not in the live course, so it is deleted from the draft with all its text.'
      }
      confirmLabel={remove.isPending ? 'Removing…' : isLive ? 'Remove module' : 'Delete module'}
      onConfirm={confirm}
    />
  )
}
