import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '../../shared/paths'
import { buttonVariants } from '../components/ui/button'
import { pageTitle } from '../lib/site-config'

export default function NotFoundPage() {
  const location = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 bg-secondary px-4 text-center">
      <title>{pageTitle('Page Not Found')}</title>
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-xl text-muted-foreground">Oops! Page not found</h1>
      <Link to={paths.home} className={buttonVariants({ variant: 'link' })}>
        Return to Home
      </Link>
    </main>
  )
}
