import { Link } from 'react-router'
import { formatPrice } from '../../shared/site-config'
import { paths } from '../../shared/paths'
import { buttonVariants } from '../components/ui/button'
import { siteConfig } from '../lib/site-config'

/** The sales page. The full page arrives with the public-pages work. */
export default function SalesPage() {
  return (
    <main className="mx-auto flex min-h-svh max-w-3xl flex-col items-center justify-center gap-6 px-4 text-center">
      <title>{`${siteConfig.courseName} - ${formatPrice(siteConfig.priceUsd)} - ${siteConfig.tagline}`}</title>
      <Link to={paths.auth} className={buttonVariants({ variant: 'outline' })}>
        Login
      </Link>
      <h1 className="text-4xl font-bold text-primary">
        Transform Your Mortgage Business With Our Custom Client Journey System
      </h1>
      <p className="text-2xl font-semibold">{formatPrice(siteConfig.priceUsd)}</p>
    </main>
  )
}
