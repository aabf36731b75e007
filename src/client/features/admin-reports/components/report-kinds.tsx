import { Link } from 'react-router'
import { cn } from '../../../lib/utils'

export const REPORT_KINDS = ['progress', 'watching'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

const labels: Record<ReportKind, string> = { progress: 'Learner Progress', watching: 'Video Watching' }

/** Which report the URL asks for (`?report=watching`); the learner progress report otherwise. */
export const readReportKind = (value: string | null): ReportKind => REPORT_KINDS.find((kind) => kind === value) ?? 'progress'

/**
 * The reports as links, each its own address (a reload or a shared link opens the same one, the
 * browser's Back returns); a new report starts on its first page, so the other's page is dropped.
 */
export function ReportKinds({ current }: { current: ReportKind }) {
  return (
    <nav aria-label="Reports">
      <ul className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {REPORT_KINDS.map((kind) => (
          <li key={kind}>
            <Link
              to={{ search: kind === 'progress' ? '' : `?report=${kind}` }}
              aria-current={kind === current ? 'page' : undefined}
              className={cn(
                'inline-flex rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                kind === current ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {labels[kind]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
