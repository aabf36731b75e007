import { RotateCcw } from 'lucide-react'
import { useNavigate } from 'react-router'
import { paths } from '../../../../shared/paths'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog'
import { Button, buttonVariants } from '../../../components/ui/button'
import { useResetProgress } from '../api'

/** Reset Progress, behind the confirmation of docs/spec.md §2 (Completion page); on success, back to the dashboard. */
export function ResetProgressButton() {
  const reset = useResetProgress()
  const navigate = useNavigate()

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={reset.isPending}>
          <RotateCcw aria-hidden />
          {reset.isPending ? 'Resetting...' : 'Reset Progress'}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset Progress</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to reset all progress? This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => reset.mutate(undefined, { onSuccess: () => navigate(paths.dashboard) })}
          >
            Reset Progress
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
