import { Check, Info, Lock } from 'lucide-react'
import { useId } from 'react'
import type { CatalogModule, LearnerModule } from '../../../../shared/course/api-types'
import { MUST_PASS_MESSAGE } from '../../../../shared/course/knowledge-check-messages'
import { Button } from '../../../components/ui/button'
import { ApiError } from '../../../lib/api-client'
import { useHydrated } from '../../../lib/use-hydrated'
import { useCourseQuery, useKnowledgeCheckQuery, useProgressQuery, useSetModuleCompleted } from '../api'

type Props = { module: Pick<CatalogModule, 'id' | 'moduleNumber' | 'title'> & Partial<Pick<LearnerModule, 'knowledgeCheck'>> }

/**
 * docs/spec.md, the module page: 'Mark as Complete' (outline) ↔ 'Completed' with a check mark; a click flips it.
 * A module whose knowledge check must be passed first keeps the button locked, saying why, until
 * the learner has passed (the server refuses too: docs/decisions/0052-knowledge-check-attempts.md).
 * Any other refusal that says what is missing (a video not watched enough) stays beside the button.
 */
export function CompleteToggle({ module }: Props) {
  const messageId = useId()
  const progress = useProgressQuery()
  // The optimistic counts are made over the course: have it in the cache before the first click.
  useCourseQuery()
  const setCompleted = useSetModuleCompleted()
  // A page the server rendered shows the button before its script has run: a click then would be lost.
  const isHydrated = useHydrated()
  const isGated = Boolean(module.knowledgeCheck?.requirePass)
  const quiz = useKnowledgeCheckQuery(module.id, { enabled: isGated })
  // By id: a module keeps its progress when the course's modules move.
  const isComplete = progress.data?.modules.some((completed) => completed.moduleId === module.id) ?? false
  const isLocked = isGated && !isComplete && quiz.data?.passed !== true
  const refusal = setCompleted.error instanceof ApiError && setCompleted.error.status >= 400 && setCompleted.error.status < 500 ? setCompleted.error.message : null
  const message = isLocked && quiz.isSuccess ? MUST_PASS_MESSAGE : refusal

  return (
    <div className="grid justify-items-center gap-2">
      <ToggleButton
        isComplete={isComplete}
        isLocked={isLocked && quiz.isSuccess}
        moduleTitle={module.title}
        disabled={!progress.data || !isHydrated || isLocked}
        describedBy={message ? messageId : undefined}
        onClick={() => setCompleted.mutate({ moduleId: module.id, moduleNumber: module.moduleNumber, completed: !isComplete })}
      />
      {message && (
        <p id={messageId} className="flex max-w-sm items-start gap-1.5 text-center text-sm text-muted-foreground">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {message}
        </p>
      )}
    </div>
  )
}

type ToggleButtonProps = {
  isComplete: boolean
  isLocked?: boolean
  moduleTitle: string
  disabled: boolean
  describedBy?: string
  onClick?: () => void
}

/** The button itself; a preview shows it as a learner first sees it, and it does nothing. */
export function ToggleButton({ isComplete, isLocked = false, moduleTitle, disabled, describedBy, onClick }: ToggleButtonProps) {
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
      {isLocked && <Lock aria-hidden />}
      {isComplete ? 'Completed' : 'Mark as Complete'}
    </Button>
  )
}
