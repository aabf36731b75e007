import { Link } from 'react-router'
import { paths } from '../../shared/paths'
import { buttonVariants } from '../components/ui/button-variants'
import { BenefitsSection } from '../features/marketing/components/benefits-section'
import { ClosingCta } from '../features/marketing/components/closing-cta'
import { FeatureGrid } from '../features/marketing/components/feature-grid'
import { MarketingFooter } from '../features/marketing/components/marketing-footer'
import { MarketingHeader } from '../features/marketing/components/marketing-header'
import { PageMeta } from '../features/marketing/components/page-meta'
import { PurchaseSteps } from '../features/marketing/components/purchase-steps'
import { SalesHero } from '../features/marketing/components/sales-hero'
import { SectionHeading } from '../features/marketing/components/section-heading'
import { salesDescription, salesFeatures, salesTitle } from '../features/marketing/content'
import { useCourseFacts } from '../lib/course-facts'

/**
 * The sales page (/sales, docs/decisions/0005-sales-page-route.md). Rendered by the server from the
 * published course at start and after each publish (src/server/pages/public-pages.ts).
 */
export default function SalesPage() {
  const facts = useCourseFacts()
  return (
    <div className="flex min-h-svh flex-col">
      <PageMeta title={salesTitle} description={salesDescription(facts)} />
      <MarketingHeader>
        <Link to={paths.auth} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Login
        </Link>
      </MarketingHeader>
      <main className="flex-1">
        <SalesHero />
        <section aria-labelledby="features-heading" className="py-16 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <SectionHeading id="features-heading" eyebrow="What you get" title="Everything You Need to Succeed">
              A complete, practical course built around the way mortgage brokers actually work.
            </SectionHeading>
            <FeatureGrid features={salesFeatures(facts)} />
          </div>
        </section>
        <BenefitsSection />
        <PurchaseSteps />
        <ClosingCta />
      </main>
      <MarketingFooter />
    </div>
  )
}
