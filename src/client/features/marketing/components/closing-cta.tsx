import { ExternalLink as ExternalLinkIcon } from 'lucide-react'
import { buttonVariants } from '../../../components/ui/button-variants'
import { siteConfig } from '../../../lib/site-config'
import { price } from '../content'
import { ExternalLink } from './external-link'
import { PurchaseStepsLink } from './purchase-now-link'

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-heading" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-5xl rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-xl [--ring:var(--accent)] sm:px-12 sm:py-16">
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to Transform Your Mortgage Business?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-primary-foreground/85">
          Join the brokers who run every client journey from one system. One-time {price}, yours for life. {siteConfig.tagline}.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <PurchaseStepsLink className={buttonVariants({ variant: 'accent', size: 'lg' })}>See How to Purchase</PurchaseStepsLink>
          <ExternalLink href={siteConfig.crmTrialUrl} className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
            Try the CRM Free
            <ExternalLinkIcon aria-hidden />
          </ExternalLink>
        </div>
      </div>
    </section>
  )
}
