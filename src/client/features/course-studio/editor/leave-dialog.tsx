import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import type { SaveState } from './use-autosave'
import type { useLeaveGuard } from './use-leave-guard'

/** The leave guard's question: why the text is not saved, and that leaving loses it. */
export function LeaveDialog({ guard, status }: { guard: ReturnType<typeof useLeaveGuard>; status: SaveState['status'] }) {
  return (
    <ConfirmDialog
      isOpen={guard.isAsking}
      onOpenChange={(open) => !open && guard.stay()}
      title="Leave without saving?"
      description={
        <>
          {status === 'conflict'
            ? 'Someone else changed this module, so your changes are not saved.'
            : status === 'failed'
              ? 'Your latest changes could not be saved.'
              : 'This module has errors, so your latest changes are not saved.'}{' '}
          If you leave now, they are lost.
        </>
      }
      cancelLabel="Stay"
      confirmLabel="Leave and lose changes"
      onConfirm={guard.leave}
    />
  )
}
