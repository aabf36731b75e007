import { Download } from 'lucide-react'
import { useRef } from 'react'
import { AUDIT_ACTIONS, type AuditAction, type AuditPage } from '../../../../shared/audit'
import { PagedList } from '../../../components/paged-list/paged-list'
import { ListEmpty } from '../../../components/paged-list/list-states'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { useListParams, type FilterParam } from '../../../lib/use-list-params'
import { activityExportUrl, useActivity, type ActivityFilters } from '../api'
import { ActivityFilterBar } from './activity-filters'
import { ActivityCards, ActivityTable } from './activity-views'

// Six columns, the e-mails the widest, need about 900 px; narrower, each entry is a card.
const TABLE_MIN_WIDTH = 900

const term: FilterParam<string> = { read: (value) => value?.trim().slice(0, 255) ?? '', none: '' }
const day: FilterParam<string> = { read: (value) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''), none: '' }
const filters: { [K in keyof ActivityFilters]: FilterParam<ActivityFilters[K]> } = {
  actor: term,
  target: term,
  action: { read: (value) => AUDIT_ACTIONS.find((action) => action === value) ?? 'all', none: 'all' as AuditAction | 'all' },
  from: day,
  to: day,
}

/** "1,110 entries match these filters"; past the server's count, "More than 10,000 entries". */
const describeTotal = ({ total, isTotalCapped }: AuditPage, isFiltered: boolean) => {
  const count = `${isTotalCapped ? 'More than ' : ''}${total.toLocaleString('en-US')}`
  const isOne = total === 1 && !isTotalCapped
  return `${count} ${isOne ? 'entry' : 'entries'}${isFiltered ? (isOne ? ' matches these filters' : ' match these filters') : ''}`
}

/** Activity: the audit log, newest first, filtered and paged on the server, and its CSV. */
export function ActivityLog() {
  const heading = useRef<HTMLHeadingElement>(null)
  const { query, update } = useListParams(filters, { replaceOnFilter: true })
  const activity = useActivity(query)
  const data = activity.data
  const { page: _page, ...current } = query
  const isFiltered = Boolean(current.actor || current.target || current.action !== 'all' || current.from || current.to)

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle ref={heading} tabIndex={-1} className="outline-none">
              Activity
            </CardTitle>
            <CardDescription aria-live="polite">
              {data ? describeTotal(data, isFiltered) : 'Sign-ins, account changes and course publishing, newest first.'}
            </CardDescription>
          </div>
          {/* A link, not a fetch: the browser downloads the file under the server's file name. */}
          <a href={activityExportUrl(current)} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden />
            Export CSV
          </a>
        </div>
        <ActivityFilterBar filters={current} onChange={update} />
      </CardHeader>
      <PagedList
        list={activity}
        rows={(page) => page.entries}
        text={{ loading: 'Loading activity', failed: 'Failed to load activity', pages: 'Activity pages', noun: 'entries' }}
        empty={
          isFiltered ? (
            <ListEmpty title="No activity matches these filters" hint="Widen the dates, or clear a filter." />
          ) : (
            <ListEmpty title="No activity yet" hint="Sign-ins, account changes and publishing show here as they happen." />
          )
        }
        tableMinWidth={TABLE_MIN_WIDTH}
        renderRows={(entries, layout) => (layout === 'table' ? <ActivityTable entries={entries} /> : <ActivityCards entries={entries} />)}
        onPage={(page) => update({ page })}
        heading={heading}
      />
    </Card>
  )
}
