import { Check, Info } from 'lucide-react'
import { useId } from 'react'
import type { CatalogModule } from '../../../../shared/course/api-types'
import { Button } from '../../../components/ui/button'
import { ApiError } from '../../../lib/api-client'
import { useHydrated } from '../../../lib/use-hydrated'
import { useCourseQuery, useProgressQuery, useSetModuleCompleted } from '../api'

type Props = { module: Pick<CatalogModule, 'id' | 'moduleNumber' | 'title'> }

/** docs/spec.md §4: 'Mark as Complete' (outline) ↔ 'Completed' with a check mark; a click flips it. */
export function CompleteToggle({ module }: Props) {
  const progress = useProgressQuery()
  // The optimistic counts are made over the course: have it in the cache before the first click.
  useCourseQuery()
  const setCompleted = useSetModuleCompleted()
  // A page the server rendered shows the button before its script has run: a click then would be lost.
  const isHydrated = useHydrated()
  // By id: a module keeps its progress when the course's modules move.
  const isComplete = progress.data?.modules.some((completed) => completed.moduleId === module.id) ?? false
  // A refusal that says what is missing (a video not watched enough) stays beside the button.
  const refusal = setCompleted.error instanceof ApiError && setCompleted.error.status >= 400 && setCompleted.error.status < 500 ? setCompleted.error.message : null
  const refusalId = useId()

  return (
    <div className="grid justify-items-center gap-2">
      <ToggleButton
        isComplete={isComplete}
        moduleTitle={module.title}
        disabled={!progress.data || !isHydrated}
        describedBy={refusal ? refusalId : undefined}
        onClick={() => setCompleted.mutate({ moduleId: module.id, moduleNumber: module.moduleNumber, completed: !isComplete })}
      />
      {refusal && (
        <p id={refusalId} className="flex max-w-sm items-start gap-1.5 text-center text-sm text-muted-foreground">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {refusal}
        </p>
      )}
    </div>
  )
}

type ToggleButtonProps = { isComplete: boolean; moduleTitle: string; disabled: boolean; describedBy?: string; onClick?: () => void }

/** The button itself; a preview shows it as a learner first sees it, and it does nothing. */
export function ToggleButton({ isComplete, moduleTitle, disabled, describedBy, onClick }: ToggleButtonProps) {
  return (
    <Button
      size="lg"
      variant={isComplete ? 'success' : 'outline'}
      disabled={disabled}
      aria-describedby={describedBy}
      title={isComplete ? `Mark “${moduleTitle}” as incomplete` : `Mark “${moduleTitle}” as complete`}
      onClick={onClick}
    >
      {isComplete && <Check aria-hidden />}
      {isComplete ? 'Completed' : 'Mark as Complete'}
    </Button>
  )
}
