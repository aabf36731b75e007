import { Link } from 'react-router'
import { MODULE_COUNT } from '../../shared/course/catalog'
import { paths } from '../../shared/paths'
import { buttonVariants } from '../components/ui/button'
import { siteConfig } from '../lib/site-config'

/** The Welcome page (Home). The full page arrives with the public-pages work. */
export default function LandingPage() {
  return (
    <main className="mx-auto flex min-h-svh max-w-3xl flex-col items-center justify-center gap-6 px-4 text-center">
      <title>{`Welcome - ${siteConfig.courseName}`}</title>
      <h1 className="text-4xl font-bold text-primary">Welcome to {siteConfig.courseName}</h1>
      <p className="text-lg text-muted-foreground">{siteConfig.tagline}</p>
      <Link to={paths.dashboard} className={buttonVariants({ size: 'lg' })}>
        Start Your Training
      </Link>
      <section aria-labelledby="learn-heading">
        <h2 id="learn-heading" className="text-2xl font-semibold">
          What You'll Learn
        </h2>
        <p>{MODULE_COUNT} Comprehensive Modules</p>
      </section>
      <Link to={paths.dashboard} className={buttonVariants({ variant: 'outline' })}>
        Access Your Course
      </Link>
    </main>
  )
}
