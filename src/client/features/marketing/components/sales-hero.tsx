import { ExternalLink as ExternalLinkIcon } from 'lucide-react'
import { buttonVariants } from '../../../components/ui/button-variants'
import { siteConfig } from '../../../lib/site-config'
import { price, salesHeadline } from '../content'
import { ExternalLink } from './external-link'
import { PurchaseNowLink } from './purchase-now-link'
import { VideoPlaceholder } from './video-placeholder'

export function SalesHero() {
  return (
    <section aria-labelledby="sales-headline" className="relative overflow-hidden bg-primary text-primary-foreground [--ring:var(--accent)]">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,oklch(0.5_0.12_255/0.55),transparent_55%),radial-gradient(ellipse_at_bottom_left,oklch(0.82_0.14_80/0.12),transparent_50%)]" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex rounded-full border border-primary-foreground/25 bg-primary-foreground/10 px-3 py-1 text-sm font-medium">
            {siteConfig.courseName} · {siteConfig.tagline}
          </p>
          <h1 id="sales-headline" className="mt-5 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {salesHeadline}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-primary-foreground/85">
            A step-by-step video course for mortgage brokers: set up your CRM once, then let it carry every client from
            first enquiry to funded deal. One-time {price}, lifetime access.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <ExternalLink href={siteConfig.crmTrialUrl} className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
              Start Your Free CRM Trial
              <ExternalLinkIcon aria-hidden />
            </ExternalLink>
            <ExternalLink href={siteConfig.crmLoginUrl} className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
              Log In to Your CRM
              <ExternalLinkIcon aria-hidden />
            </ExternalLink>
          </div>
          <PurchaseNowLink className="mt-3 w-full sm:w-auto" />
        </div>
        <VideoPlaceholder title="Watch: inside the course" note="Preview video coming soon" />
      </div>
    </section>
  )
}
