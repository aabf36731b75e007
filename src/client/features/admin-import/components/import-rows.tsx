import { useRef, useState } from 'react'
import type { ImportReport, ImportRowResult } from '../../../../shared/api-types'
import { toPage } from '../../../../shared/paging'
import { ListPagination } from '../../../components/paged-list/list-pagination'
import { Button } from '../../../components/ui/button'
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge'
import { useIsWide } from '../../../lib/use-is-wide'

const PAGE_SIZE = 50
type Filter = 'all' | ImportRowResult['status']

const statusText = (status: ImportRowResult['status'], isCommitted: boolean): [string, BadgeTone] => {
  if (status === 'create') return [isCommitted ? 'Created' : 'Create', 'success']
  if (status === 'exists') return ['Already exists', 'neutral']
  return ['Error', 'danger']
}

function RowResult({ row, isCommitted }: { row: ImportRowResult; isCommitted: boolean }) {
  const [label, tone] = statusText(row.status, isCommitted)
  return (
    <div className="grid justify-items-start gap-1">
      <StatusBadge tone={tone}>{label}</StatusBadge>
      {row.errors.map((error) => (
        <span key={error} className="text-sm text-destructive">
          {error}
        </span>
      ))}
    </div>
  )
}

const dash = (value: string) => value || <span className="text-muted-foreground">—</span>

/** The file's rows and what happens to each; a filter and pages, since a file may hold 5,000. */
export function ImportRows({ report }: { report: ImportReport }) {
  const [filter, setFilter] = useState<Filter>('all')
  const [page, setPage] = useState(1)
  const container = useRef<HTMLDivElement>(null)
  const isWide = useIsWide(container, 640)
  const isCommitted = report.mode === 'commit'
  const rows = filter === 'all' ? report.rows : report.rows.filter((row) => row.status === filter)
  const pageInfo = toPage(rows.length, page, PAGE_SIZE)
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  const filters: [Filter, string, number][] = [
    ['all', 'All rows', report.rows.length],
    ['create', isCommitted ? 'Created' : 'To create', report.counts.create],
    ['exists', 'Already exist', report.counts.exists],
    ['error', 'Errors', report.counts.error],
  ]

  return (
    <div ref={container} className="grid gap-4">
      <div role="group" aria-label="Show rows" className="flex flex-wrap gap-2">
        {filters.map(([value, label, count]) => (
          <Button
            key={value}
            size="sm"
            variant={filter === value ? 'default' : 'outline'}
            aria-pressed={filter === value}
            onClick={() => {
              setFilter(value)
              setPage(1)
            }}
          >
            {label} ({count.toLocaleString('en-US')})
          </Button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">No rows of this kind.</p>
      ) : isWide ? (
        <table className="w-full text-left text-sm">
          <thead className="border-b text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="p-2 font-medium">Line</th>
              <th scope="col" className="p-2 font-medium">Email</th>
              <th scope="col" className="p-2 font-medium">Full Name</th>
              <th scope="col" className="p-2 font-medium">Role</th>
              <th scope="col" className="p-2 font-medium">Result</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line} className="border-b align-top last:border-0">
                <td className="p-2 tabular-nums">{row.line}</td>
                <td className="p-2 [overflow-wrap:anywhere]">{dash(row.email)}</td>
                <td className="p-2 break-words">{dash(row.fullName)}</td>
                <td className="p-2">{dash(row.role)}</td>
                <td className="p-2">
                  <RowResult row={row} isCommitted={isCommitted} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="grid gap-3">
          {shown.map((row) => (
            <li key={row.line} className="grid gap-2 rounded-lg border p-3 text-sm">
              <div className="flex items-start justify-between gap-2">
                <span className="font-medium [overflow-wrap:anywhere]">{dash(row.email)}</span>
                <span className="shrink-0 text-muted-foreground">Line {row.line}</span>
              </div>
              {(row.fullName || row.role) && (
                <p className="break-words text-muted-foreground">{[row.fullName, row.role].filter(Boolean).join(' · ')}</p>
              )}
              <RowResult row={row} isCommitted={isCommitted} />
            </li>
          ))}
        </ul>
      )}
      {pageInfo.pageCount > 1 && (
        <ListPagination label="Import rows pages" noun="rows" {...pageInfo} shownCount={shown.length} onPage={setPage} />
      )}
    </div>
  )
}
