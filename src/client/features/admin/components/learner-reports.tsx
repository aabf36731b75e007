import { Download } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import type { ReportStatusFilter } from '../../../../shared/schemas/reports'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { notify } from '../../../lib/notify'
import { cn } from '../../../lib/utils'
import { adminFailure } from '../messages'
import { reportExportUrl, useLearnerReport } from '../onboarding-api'
import { useIsWide } from '../use-is-wide'
import { useReportParams } from '../use-report-params'
import { ListPagination } from './list-pagination'
import { ListLoadFailed, ListLoading } from './list-states'
import { ReportCards, ReportTable } from './report-views'
import { ReportTotals } from './report-totals'

// Six columns, the certificate id the widest, need about 860 px; narrower, each learner is a card.
const TABLE_MIN_WIDTH = 860

const filterLabels: Record<ReportStatusFilter, string> = {
  all: 'All learners',
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
}

/** Reports: totals, then every learner's progress a page at a time, filtered and paged on the server. */
export function LearnerReports() {
  const filterId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const isWide = useIsWide(content, TABLE_MIN_WIDTH)
  const { query, update } = useReportParams()
  const report = useLearnerReport(query)
  const data = report.data

  useEffect(() => {
    if (report.isError) notify.error(adminFailure(report.error, 'Failed to load reports'))
  }, [report.isError, report.error])

  const View = isWide ? ReportTable : ReportCards

  return (
    <>
      <ReportTotals totals={data?.totals} />
      <Card className="min-w-0">
        <CardHeader className="gap-4 md:flex-row md:items-end md:justify-between">
          <div className="grid gap-1.5">
            <CardTitle ref={heading} tabIndex={-1} className="outline-none">
              Learner Progress
            </CardTitle>
            <CardDescription aria-live="polite">
              {data
                ? `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'learner' : 'learners'}${query.status === 'all' ? '' : ` ${filterLabels[query.status].toLowerCase()}`}`
                : 'Every learner, newest account first.'}
            </CardDescription>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-2">
              <Label htmlFor={filterId}>Status</Label>
              <Select value={query.status} onValueChange={(status) => update({ status: status as ReportStatusFilter })}>
                <SelectTrigger id={filterId} className="w-44">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {Object.entries(filterLabels).map(([value, label]) => (
                    <SelectItem key={value} value={value}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {/* A link, not a fetch: the browser downloads the file under the server's file name. */}
            <a href={reportExportUrl(query.status)} download className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden />
              Export CSV
            </a>
          </div>
        </CardHeader>
        <CardContent ref={content} className="grid gap-4">
          {report.isPending ? (
            <ListLoading label="Loading reports" />
          ) : !data ? (
            <ListLoadFailed message="Failed to load reports" onRetry={() => void report.refetch()} />
          ) : data.rows.length === 0 ? (
            <div className="grid justify-items-center gap-1 py-10 text-center">
              <p className="font-medium">{query.status === 'all' ? 'No learners yet' : 'No learners match this status'}</p>
              {query.status === 'all' && (
                <p className="text-sm text-muted-foreground">Create or import learners, or connect the marketplace.</p>
              )}
            </div>
          ) : (
            <div className={cn('min-w-0', report.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={report.isFetching}>
              <View rows={data.rows} />
            </div>
          )}
          {data && (data.pageCount > 1 || data.page > 1) && (
            <ListPagination
              label="Report pages"
              noun="learners"
              {...data}
              shownCount={data.rows.length}
              onPage={(page) => {
                update({ page })
                heading.current?.focus()
              }}
            />
          )}
        </CardContent>
      </Card>
    </>
  )
}
