import { CircleAlert } from 'lucide-react'
import type { Ref } from 'react'
import { issuePlace, type FieldIssue } from './module-form-check'

type ErrorSummaryProps = {
  issues: FieldIssue[]
  /** The id of the element to focus for an issue: its field, or its list's Add button. */
  targetIdFor: (issue: FieldIssue) => string
  ref?: Ref<HTMLElement>
}

/** Why the module is not saved: each problem, as a link that takes the focus to its field. */
export function ErrorSummary({ issues, targetIdFor, ref }: ErrorSummaryProps) {
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="module-error-summary"
      className="grid gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-4 outline-none focus-visible:outline-2 focus-visible:outline-ring"
    >
      <h2 id="module-error-summary" className="flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
        {issues.length === 1 ? 'Fix this to save the module' : `Fix these ${issues.length} problems to save the module`}
      </h2>
      <ul className="grid list-disc gap-1 pl-6 text-sm">
        {issues.map((issue) => {
          const place = issuePlace(issue.path)
          const text = place ? `${place}: ${issue.message}` : issue.message
          const targetId = targetIdFor(issue)
          return (
            <li key={issue.name}>
              <a
                href={`#${targetId}`}
                className="text-destructive underline underline-offset-2 hover:no-underline"
                onClick={(event) => {
                  event.preventDefault()
                  const target = document.getElementById(targetId)
                  target?.scrollIntoView({ block: 'center' })
                  target?.focus({ preventScroll: true })
                }}
              >
                {text}
              </a>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
