import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../../../shared/paths'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useResetProgress } from '../api'

/** Reset Progress, behind the confirmation of docs/spec.md §2 (Completion page); on success, back to the dashboard. */
export function ResetProgressButton() {
  const [isOpen, setOpen] = useState(false)
  const reset = useResetProgress()
  const navigate = useNavigate()

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" disabled={reset.isPending}>
          <RotateCcw aria-hidden />
          {reset.isPending ? 'Resetting...' : 'Reset Progress'}
        </Button>
      }
      title="Reset Progress"
      description="Are you sure you want to reset all progress? This cannot be undone."
      confirmLabel="Reset Progress"
      onConfirm={() => {
        // The dialog closes at once; the button behind it says the reset is under way.
        setOpen(false)
        reset.mutate(undefined, { onSuccess: () => navigate(paths.dashboard) })
      }}
    />
  )
}
