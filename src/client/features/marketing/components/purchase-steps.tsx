import { ArrowUpRight } from 'lucide-react'
import { purchaseSteps } from '../content'
import { ExternalLink } from './external-link'
import { PURCHASE_HEADING_ID, PURCHASE_SECTION_ID } from '../purchase-steps'

/** The six steps to buy the course on the CRM marketplace, in the order of docs/spec.md §2 (Sales page). */
export function PurchaseSteps() {
  return (
    <section id={PURCHASE_SECTION_ID} aria-labelledby={PURCHASE_HEADING_ID} className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center sm:mb-12">
          <p className="text-sm font-semibold tracking-wider text-primary/80 uppercase">Already a CRM user?</p>
          <h2 id={PURCHASE_HEADING_ID} tabIndex={-1} className="mt-2 rounded-md text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            How to Purchase
          </h2>
          <p className="mt-4 text-lg text-pretty text-muted-foreground">
            The course is sold through your CRM's marketplace. Six steps, about five minutes.
          </p>
        </div>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {purchaseSteps.map(({ title, description, link }, index) => (
            <li key={title} className="relative flex gap-4 rounded-2xl border bg-card p-6 shadow-sm">
              <span
                aria-hidden
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {title}
                </h3>
                <p className="mt-1 text-muted-foreground">{description}</p>
                {link && (
                  <ExternalLink
                    href={link.href}
                    className="mt-2 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline underline-offset-4 hover:text-primary/80"
                  >
                    {link.label}
                    <ArrowUpRight aria-hidden className="size-4" />
                  </ExternalLink>
                )}
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
