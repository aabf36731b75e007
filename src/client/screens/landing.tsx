import { Link } from 'react-router'
import { paths } from '../../shared/paths'
import { buttonVariants } from '../components/ui/button-variants'
import { AccessCourseCta } from '../features/marketing/components/access-course-cta'
import { FeatureGrid } from '../features/marketing/components/feature-grid'
import { MarketingFooter } from '../features/marketing/components/marketing-footer'
import { MarketingHeader } from '../features/marketing/components/marketing-header'
import { PageMeta } from '../features/marketing/components/page-meta'
import { SectionHeading } from '../features/marketing/components/section-heading'
import { WelcomeHero } from '../features/marketing/components/welcome-hero'
import { welcomeCards, welcomeDescription } from '../features/marketing/content'
import { useCourseFacts } from '../lib/course-facts'
import { pageTitle } from '../lib/site-config'

/**
 * The Welcome page (/, "Home" in the side menu). Rendered by the server from the published course
 * at start and after each publish (src/server/pages/public-pages.ts).
 */
export default function LandingPage() {
  const facts = useCourseFacts()
  return (
    <div className="flex min-h-svh flex-col">
      <PageMeta title={pageTitle('Welcome')} description={welcomeDescription(facts)} />
      <MarketingHeader>
        <Link to={paths.auth} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Sign In
        </Link>
      </MarketingHeader>
      <main className="flex-1">
        <WelcomeHero />
        <section aria-labelledby="learn-heading" className="py-16 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <SectionHeading id="learn-heading" eyebrow="Your course" title="What You'll Learn">
              Everything you need to put your CRM to work, one short module at a time.
            </SectionHeading>
            <FeatureGrid features={welcomeCards(facts)} />
          </div>
        </section>
        <AccessCourseCta />
      </main>
      <MarketingFooter />
    </div>
  )
}
