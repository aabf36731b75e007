import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '../../../../shared/paths'

export function ModuleBreadcrumbs({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        <li>
          <Link to={paths.dashboard} className="hover:text-foreground hover:underline">
            Course Dashboard
          </Link>
        </li>
        <li aria-hidden>
          <ChevronRight className="size-4" />
        </li>
        <li aria-current="page" className="font-medium text-foreground">
          {current}
        </li>
      </ol>
    </nav>
  )
}
