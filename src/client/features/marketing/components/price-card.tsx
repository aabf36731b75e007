import { Check } from 'lucide-react'
import { useCourseFacts } from '../../../lib/course-facts'
import { siteConfig } from '../../../lib/site-config'
import { price, priceInclusions } from '../content'
import { PurchaseStepsLink } from './purchase-now-link'

export function PriceCard() {
  const facts = useCourseFacts()
  return (
    <div className="relative rounded-3xl border-2 border-accent bg-card p-8 shadow-xl shadow-primary/10">
      <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-accent px-4 py-1 text-sm font-semibold whitespace-nowrap text-accent-foreground">
        Lifetime access
      </p>
      <h3 className="text-center text-lg font-semibold">{siteConfig.courseName}</h3>
      <p className="mt-4 text-center">
        <span className="text-5xl font-bold tracking-tight text-primary">{price}</span>
        <span className="ml-2 text-muted-foreground">USD</span>
      </p>
      <p className="mt-1 text-center text-sm font-medium text-muted-foreground">One-time payment · no subscription</p>
      <ul className="mt-8 grid gap-3">
        {priceInclusions(facts).map((inclusion) => (
          <li key={inclusion} className="flex gap-3">
            <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <span>{inclusion}</span>
          </li>
        ))}
      </ul>
      <PurchaseStepsLink className="mt-8 block rounded-md text-center text-sm font-medium text-primary underline underline-offset-4 hover:text-primary/80">
        How to buy on the CRM marketplace
      </PurchaseStepsLink>
    </div>
  )
}
