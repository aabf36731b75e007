import { Check } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { useHydrated } from '../../../lib/use-hydrated'
import { useProgressQuery, useSetModuleCompleted } from '../api'

type Props = { moduleNumber: number; moduleTitle: string }

/** docs/spec.md §4: 'Mark as Complete' (outline) ↔ 'Completed' with a check mark; a click flips it. */
export function CompleteToggle({ moduleNumber, moduleTitle }: Props) {
  const progress = useProgressQuery()
  const setCompleted = useSetModuleCompleted()
  // A page the server rendered shows the button before its script has run: a click then would be lost.
  const isHydrated = useHydrated()
  const isComplete = progress.data?.completedModuleNumbers.includes(moduleNumber) ?? false
  const label = isComplete ? 'Completed' : 'Mark as Complete'

  return (
    <Button
      size="lg"
      variant={isComplete ? 'success' : 'outline'}
      disabled={!progress.data || !isHydrated}
      title={isComplete ? `Mark “${moduleTitle}” as incomplete` : `Mark “${moduleTitle}” as complete`}
      onClick={() => setCompleted.mutate({ moduleNumber, completed: !isComplete })}
    >
      {isComplete && <Check aria-hidden />}
      {label}
    </Button>
  )
}
