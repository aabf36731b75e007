import { Download } from 'lucide-react'
import { useId, useRef } from 'react'
import { learnerStatusLabels } from '../../../../shared/learner-status'
import { LEARNER_STATUSES, type ReportStatusFilter } from '../../../../shared/schemas/reports'
import { PagedList } from '../../../components/paged-list/paged-list'
import { ListEmpty } from '../../../components/paged-list/list-states'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { useListParams, type FilterParam } from '../../../lib/use-list-params'
import { reportExportUrl, useLearnerReport } from '../api'
import { ReportCards, ReportTable } from './report-views'
import { ReportTotals } from './report-totals'

// Six columns, the certificate id the widest, need about 860 px; narrower, each learner is a card.
const TABLE_MIN_WIDTH = 860

const filterLabels: Record<ReportStatusFilter, string> = { all: 'All learners', ...learnerStatusLabels }

const filters: { status: FilterParam<ReportStatusFilter> } = {
  status: { read: (value) => LEARNER_STATUSES.find((status) => status === value) ?? 'all', none: 'all' },
}

/** Reports: totals, then every learner's progress a page at a time, filtered and paged on the server. */
export function LearnerReports() {
  const filterId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const { query, update } = useListParams(filters)
  const report = useLearnerReport(query)
  const data = report.data

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
        <PagedList
          list={report}
          rows={(page) => page.rows}
          text={{ loading: 'Loading reports', failed: 'Failed to load reports', pages: 'Report pages', noun: 'learners' }}
          empty={
            query.status === 'all' ? (
              <ListEmpty title="No learners yet" hint="Create or import learners, or connect the marketplace." />
            ) : (
              <ListEmpty title="No learners match this status" />
            )
          }
          tableMinWidth={TABLE_MIN_WIDTH}
          renderRows={(rows, layout) =>
            // Rows show only with a page, which says the count.
            layout === 'table' ? (
              <ReportTable rows={rows} moduleCount={data?.moduleCount ?? 0} />
            ) : (
              <ReportCards rows={rows} moduleCount={data?.moduleCount ?? 0} />
            )
          }
          onPage={(page) => update({ page })}
          heading={heading}
        />
      </Card>
    </>
  )
}
