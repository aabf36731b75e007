import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { LearnerQuestion } from '../../../../shared/course/api-types'
import type { AttemptSubmission } from '../../../../shared/schemas/knowledge-checks'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'

type Props = {
  questions: LearnerQuestion[]
  isSubmitting: boolean
  /** The server's refusal, if it refused (the course changed, no attempts left). */
  error: string | undefined
  onSubmit: (answers: AttemptSubmission['answers']) => void
  onCancel: () => void
}

const kindHint = { single: 'Choose one answer.', multiple: 'Select all that apply.', trueFalse: 'True or false?' } as const

/**
 * Every question on one page, each a fieldset of native radios or checkboxes: on a phone the
 * learner scrolls through four to six short questions and can look back before sending, and the
 * browser's own keyboard handling (arrows within a radio group, space on a checkbox) applies.
 */
export function KnowledgeCheckForm({ questions, isSubmitting, error, onSubmit, onCancel }: Props) {
  const formId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [chosen, setChosen] = useState<Record<string, string[]>>({})
  const [unanswered, setUnanswered] = useState<number[]>([])

  useEffect(() => headingRef.current?.focus(), [])

  const toggle = (question: LearnerQuestion, optionId: string, isChecked: boolean) => {
    setChosen((current) => {
      const before = current[question.id] ?? []
      const next = question.kind === 'multiple' ? (isChecked ? [...before, optionId] : before.filter((id) => id !== optionId)) : [optionId]
      return { ...current, [question.id]: next }
    })
    setUnanswered((current) => current.filter((index) => questions[index]?.id !== question.id))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (isSubmitting) return
    const missing = questions.flatMap((question, index) => ((chosen[question.id] ?? []).length === 0 ? [index] : []))
    setUnanswered(missing)
    if (missing.length > 0) {
      document.getElementById(`${formId}-q${missing[0]}-o0`)?.focus()
      return
    }
    onSubmit(questions.map((question) => ({ questionId: question.id, optionIds: chosen[question.id]! })))
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${formId}-heading`} className="grid gap-6">
      <h3 id={`${formId}-heading`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {questions.length} {questions.length === 1 ? 'question' : 'questions'}
      </h3>
      <ol className="grid gap-6">
        {questions.map((question, index) => {
          const isMissing = unanswered.includes(index)
          const errorId = `${formId}-q${index}-error`
          return (
            <li key={question.id}>
              <fieldset className="grid gap-3 rounded-lg border p-4 max-sm:p-3" aria-describedby={isMissing ? errorId : undefined}>
                <legend className="px-1 font-semibold">
                  <span className="block text-sm font-medium text-muted-foreground">
                    Question {index + 1} of {questions.length}
                  </span>
                  {question.prompt}
                </legend>
                <p className="text-sm text-muted-foreground">{kindHint[question.kind]}</p>
                {isMissing && (
                  <p id={errorId} className="text-sm font-medium text-destructive">
                    Answer this question.
                  </p>
                )}
                <div className="grid gap-2">
                  {question.options.map((option, optionIndex) => {
                    const inputId = `${formId}-q${index}-o${optionIndex}`
                    return (
                      <label
                        key={option.id}
                        htmlFor={inputId}
                        className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
                      >
                        <input
                          id={inputId}
                          type={question.kind === 'multiple' ? 'checkbox' : 'radio'}
                          name={`${formId}-${question.id}`}
                          value={option.id}
                          checked={(chosen[question.id] ?? []).includes(option.id)}
                          onChange={(event) => toggle(question, option.id, event.target.checked)}
                          className="mt-1 size-4 shrink-0 accent-primary focus-visible:outline-none"
                        />
                        <span>{option.text}</span>
                      </label>
                    )
                  })}
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      {unanswered.length > 0 && (
        <p role="alert" className="text-sm font-medium text-destructive">
          Answer every question before you submit: {unanswered.length === 1 ? 'question' : 'questions'}{' '}
          {unanswered.map((index) => index + 1).join(', ')} {unanswered.length === 1 ? 'has' : 'have'} no answer yet.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <BusyButton type="submit" isBusy={isSubmitting}>
          {isSubmitting ? 'Checking your answers…' : 'Submit answers'}
        </BusyButton>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
