import { BookOpen } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../../shared/paths'
import { siteConfig } from '../../../lib/site-config'

/** The public pages' top bar: the brand, and the page's own actions on the right. */
export function MarketingHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="flex min-w-0 items-center gap-2 rounded-md text-primary">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-accent sm:size-9">
            <BookOpen aria-hidden className="size-5" />
          </span>
          <span className="truncate text-sm font-semibold sm:text-lg">{siteConfig.tagline}</span>
        </Link>
        {children && <nav aria-label="Account" className="flex shrink-0 items-center gap-2">{children}</nav>}
      </div>
    </header>
  )
}
