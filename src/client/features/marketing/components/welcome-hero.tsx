import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '../../../../shared/paths'
import { buttonVariants } from '../../../components/ui/button-variants'
import { useCourseFacts } from '../../../lib/course-facts'
import { siteConfig } from '../../../lib/site-config'
import { VideoPlaceholder } from './video-placeholder'

export function WelcomeHero() {
  const { moduleCount, totalMinutes } = useCourseFacts()
  return (
    <section aria-labelledby="welcome-heading" className="relative overflow-hidden bg-primary text-primary-foreground [--ring:var(--accent)]">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,oklch(0.5_0.12_255/0.55),transparent_55%),radial-gradient(ellipse_at_bottom_right,oklch(0.82_0.14_80/0.12),transparent_50%)]" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex rounded-full border border-primary-foreground/25 bg-primary-foreground/10 px-3 py-1 text-sm font-medium">
            {siteConfig.tagline}
          </p>
          <h1 id="welcome-heading" className="mt-5 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            Welcome to Your {siteConfig.courseName}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-primary-foreground/85">
            {moduleCount} short modules, {totalMinutes} minutes of video and a guide for every step. Learn your CRM at your own
            pace and build a business that runs without costing you your evenings.
          </p>
          <Link to={paths.dashboard} className={buttonVariants({ variant: 'accent', size: 'lg', className: 'mt-8 w-full sm:w-auto' })}>
            Start Your Training
            <ArrowRight aria-hidden />
          </Link>
        </div>
        <VideoPlaceholder title="Welcome from your course team" note="Video coming soon" />
      </div>
    </section>
  )
}
