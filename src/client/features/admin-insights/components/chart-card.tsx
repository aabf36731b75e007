import type { UseQueryResult } from '@tanstack/react-query'
import { Table2 } from 'lucide-react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { ListEmpty, ListLoadFailed, ListLoading } from '../../../components/paged-list/list-states'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { cn } from '../../../lib/utils'

type ChartCardProps<T> = {
  title: string
  description: string
  query: UseQueryResult<T>
  /** Whether there is anything to draw; without, the empty state says what will appear and when. */
  hasData: (data: T) => boolean
  empty: { title: string; hint: string }
  /** The chart, and the same numbers as a table behind "Show as table". */
  chart: (data: T) => ReactNode
  table: (data: T) => ReactNode
  /** A sentence above the chart that says what stands out (the biggest drop). */
  highlight?: (data: T) => ReactNode
}

/**
 * One chart of the Insights in its card: loading, failed (with Try again), empty, or the chart
 * with its headline and, on request, its numbers as a table; the toggle keeps its place so the
 * keyboard does not lose focus.
 */
export function ChartCard<T>({ title, description, query, hasData, empty, chart, table, highlight }: ChartCardProps<T>) {
  const [isTable, setIsTable] = useState(false)
  const tableId = useId()
  const { data } = query
  const failed = `Failed to load ${title.toLowerCase()}`

  useEffect(() => {
    if (query.isError) notify.error(adminFailure(query.error, failed))
  }, [query.isError, query.error, failed])

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {data && hasData(data) && (
          <Button variant="outline" size="sm" aria-pressed={isTable} aria-controls={tableId} onClick={() => setIsTable((shown) => !shown)}>
            <Table2 aria-hidden />
            Show as table
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <ListLoading label={`Loading ${title.toLowerCase()}`} />
        ) : !data ? (
          <ListLoadFailed message={failed} onRetry={() => void query.refetch()} />
        ) : !hasData(data) ? (
          <ListEmpty title={empty.title} hint={empty.hint} />
        ) : (
          <div className={cn('grid min-w-0 gap-4', query.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={query.isFetching}>
            {highlight?.(data)}
            {/* The table replaces the picture rather than sitting under it: the same numbers once, in the form asked for. */}
            <div id={tableId} className="min-w-0">
              {isTable ? <div className="overflow-x-auto">{table(data)}</div> : chart(data)}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

/** A chart as a picture with a name: screen readers hear the summary and can open the table instead. */
export function ChartFigure({ label, children, height = 280 }: { label: string; children: ReactNode; height?: number }) {
  return (
    <div role="img" aria-label={label} className="w-full min-w-0" style={{ height }}>
      {children}
    </div>
  )
}

/** The sentence that says what stands out, marked by an icon and bold text as well as colour. */
export function Highlight({ children }: { children: ReactNode }) {
  return <p className="rounded-md border-l-4 border-destructive bg-muted px-3 py-2 text-sm font-medium">{children}</p>
}
