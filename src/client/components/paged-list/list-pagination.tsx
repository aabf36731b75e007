import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { PageInfo } from '../../../shared/paging'
import { Button } from '../ui/button'

const format = (n: number) => n.toLocaleString('en-US')

type ListPaginationProps = PageInfo & {
  /** Names the navigation landmark: 'User list pages'. */
  label: string
  /** What the list holds, plural: 'users'. */
  noun: string
  shownCount: number
  onPage: (page: number) => void
}

/**
 * "Showing 51–100 of 10,000 users", Previous and Next, for any paged list; for a list that stopped
 * counting, "of more than 10,000" and the page without a last one.
 */
export function ListPagination({ label, noun, page, pageSize, pageCount, total, isTotalCapped, shownCount, onPage }: ListPaginationProps) {
  const first = (page - 1) * pageSize + 1
  const last = first + shownCount - 1
  const of = isTotalCapped ? `more than ${format(total)}` : format(total)
  return (
    <nav aria-label={label} className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {shownCount > 0 ? `Showing ${format(first)}–${format(last)} of ${of} ${noun}` : `Page ${format(page)} is past the last page`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pageCount))}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <span className="text-sm tabular-nums">
          {isTotalCapped ? `Page ${format(page)}` : `Page ${format(page)} of ${format(pageCount)}`}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  )
}
