import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { AdminUserPage } from '../../../../shared/api-types'
import { Button } from '../../../components/ui/button'

const format = (n: number) => n.toLocaleString('en-US')

/** "Showing 51–100 of 10,000 users", Previous and Next. */
export function UsersPagination({ data, onPage }: { data: AdminUserPage; onPage: (page: number) => void }) {
  const first = (data.page - 1) * data.pageSize + 1
  const last = first + data.users.length - 1
  return (
    <nav aria-label="User list pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {data.users.length > 0
          ? `Showing ${format(first)}–${format(last)} of ${format(data.total)} users`
          : `Page ${format(data.page)} is past the last page`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => onPage(Math.min(data.page - 1, data.pageCount))}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <span className="text-sm tabular-nums">
          Page {format(data.page)} of {format(data.pageCount)}
        </span>
        <Button variant="outline" size="sm" disabled={data.page >= data.pageCount} onClick={() => onPage(data.page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  )
}
