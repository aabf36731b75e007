import type { LearnerModule } from '../../../../shared/course/api-types'
import { RichText } from '../../../components/ui/rich-text'

/** The numbered step-by-step guide. */
export function ModuleGuide({ steps }: { steps: LearnerModule['guide'] }) {
  return (
    <section aria-labelledby="guide-heading" className="grid gap-4">
      <h2 id="guide-heading" className="text-2xl font-semibold">
        Step-by-Step Guide
      </h2>
      <ol className="grid gap-3">
        {steps.map((step, index) => (
          // By position: a draft in preview may hold two steps of the same title.
          <li key={index} className="flex gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div className="grid gap-1">
              <h3 className="font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <RichText value={step.detail} as="p" className="text-muted-foreground" />
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
