import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import type { PageInfo } from '../../../shared/paging'
import { adminFailure } from '../../lib/admin-failure'
import { notify } from '../../lib/notify'
import { useIsWide } from '../../lib/use-is-wide'
import { cn } from '../../lib/utils'
import { CardContent } from '../ui/card'
import { ListPagination } from './list-pagination'
import { ListLoadFailed, ListLoading } from './list-states'

type PagedListText = {
  /** The spinner's label while the first page loads: 'Loading users'. */
  loading: string
  /** Shown, and toasted, when a page could not load: 'Failed to load users'. */
  failed: string
  /** Names the pages' navigation landmark: 'User list pages'. */
  pages: string
  /** What the list holds, plural: 'users'. */
  noun: string
}

type PagedListProps<Data extends PageInfo, Row> = {
  /** The query of the page on screen (its previous page stays as placeholder while the next loads). */
  list: UseQueryResult<Data>
  rows: (data: Data) => Row[]
  text: PagedListText
  /** Shown when the page has no rows (ListEmpty). */
  empty: ReactNode
  /** Below this width, measured on the list itself, the rows are rendered as cards. */
  tableMinWidth: number
  renderRows: (rows: Row[], layout: 'table' | 'cards') => ReactNode
  onPage: (page: number) => void
  /** Focused after a page change, so the keyboard and a screen reader start at the new page. */
  heading: RefObject<HTMLElement | null>
}

/**
 * The body of a list paged on the server, in its card: loading, failed (with a toast and Try
 * again), empty, or the rows as a table or cards; then the pages, also on a page past the last
 * one (a stale link), so there is a way back.
 */
export function PagedList<Data extends PageInfo, Row>({
  list,
  rows,
  text,
  empty,
  tableMinWidth,
  renderRows,
  onPage,
  heading,
}: PagedListProps<Data, Row>) {
  const content = useRef<HTMLDivElement>(null)
  const isWide = useIsWide(content, tableMinWidth)
  const { data } = list
  const shown = data ? rows(data) : undefined

  useEffect(() => {
    if (list.isError) notify.error(adminFailure(list.error, text.failed))
  }, [list.isError, list.error, text.failed])

  return (
    <CardContent ref={content} className="grid gap-4">
      {list.isPending ? (
        <ListLoading label={text.loading} />
      ) : !shown ? (
        <ListLoadFailed message={text.failed} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        empty
      ) : (
        <div className={cn('min-w-0', list.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={list.isFetching}>
          {renderRows(shown, isWide ? 'table' : 'cards')}
        </div>
      )}
      {data && shown && (data.pageCount > 1 || data.page > 1) && (
        <ListPagination
          label={text.pages}
          noun={text.noun}
          page={data.page}
          pageSize={data.pageSize}
          pageCount={data.pageCount}
          total={data.total}
          isTotalCapped={data.isTotalCapped}
          shownCount={shown.length}
          onPage={(page) => {
            onPage(page)
            heading.current?.focus()
          }}
        />
      )}
    </CardContent>
  )
}
