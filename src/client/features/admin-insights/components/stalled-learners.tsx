import { useRef } from 'react'
import type { StalledLearner } from '../../../../shared/insights'
import { SendReminderButton } from '../../../components/learner-emails/send-reminder-button'
import { PagedList } from '../../../components/paged-list/paged-list'
import { ListEmpty } from '../../../components/paged-list/list-states'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { TableHead } from '../../../components/ui/table-head'
import { useStalledLearners } from '../api'
import type { InsightsFilter } from '../insights-filter'

// Five columns, the learner the widest, need about 820 px; narrower, each learner is a card.
const TABLE_MIN_WIDTH = 820
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

const LastActive = ({ learner }: { learner: StalledLearner }) =>
  learner.lastActivityAt ? (
    <time dateTime={learner.lastActivityAt}>{dayFormat.format(new Date(learner.lastActivityAt))}</time>
  ) : (
    <span>
      Never signed in (enrolled <time dateTime={learner.enrolledAt}>{dayFormat.format(new Date(learner.enrolledAt))}</time>)
    </span>
  )

const StoppedAt = ({ learner }: { learner: StalledLearner }) => (
  <span className="break-words">{learner.stoppedAt ? `Module ${learner.stoppedAt.moduleNumber}: ${learner.stoppedAt.title}` : 'Every module done'}</span>
)

const Who = ({ learner }: { learner: StalledLearner }) => (
  <>
    <span className="block font-medium [overflow-wrap:anywhere]">{learner.email}</span>
    {learner.fullName && <span className="block break-words text-muted-foreground">{learner.fullName}</span>}
  </>
)

const done = (learner: StalledLearner) => `${learner.completedModules} of ${learner.moduleCount}`

function StalledTable({ rows }: { rows: StalledLearner[] }) {
  return (
    <table className="w-full text-left text-sm">
      <TableHead headings={['Learner', 'Stopped at', 'Modules done', 'Last activity', 'Reminder']} />
      <tbody>
        {rows.map((learner) => (
          <tr key={learner.id} className="border-b align-top last:border-0 hover:bg-muted/40">
            <td className="p-2">
              <Who learner={learner} />
            </td>
            <td className="p-2">
              <StoppedAt learner={learner} />
            </td>
            <td className="p-2 tabular-nums">{done(learner)}</td>
            <td className="p-2">
              <LastActive learner={learner} />
            </td>
            <td className="p-2">
              <SendReminderButton userId={learner.id} email={learner.email} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function StalledCards({ rows }: { rows: StalledLearner[] }) {
  return (
    <ul className="grid gap-3">
      {rows.map((learner) => (
        <li key={learner.id} className="grid gap-2 rounded-lg border p-4 text-sm">
          <div>
            <Who learner={learner} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Stopped at</dt>
            <dd>
              <StoppedAt learner={learner} />
            </dd>
            <dt className="text-muted-foreground">Modules done</dt>
            <dd className="tabular-nums">{done(learner)}</dd>
            <dt className="text-muted-foreground">Last activity</dt>
            <dd>
              <LastActive learner={learner} />
            </dd>
          </dl>
          <div>
            <SendReminderButton userId={learner.id} email={learner.email} />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** Learners without a certificate who have not been active for 14 days or more, where they stopped. */
export function StalledLearnersList({ filter, page, onPage }: { filter: InsightsFilter; page: number; onPage: (page: number) => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const list = useStalledLearners(filter, page)
  const data = list.data
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="outline-none">
          Stalled learners
        </CardTitle>
        <CardDescription aria-live="polite">
          {data
            ? `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'learner has' : 'learners have'} not finished and not been active for ${data.days} days or more; the most recently active first.`
            : 'Learners who have not finished and not been active for 14 days or more.'}
        </CardDescription>
      </CardHeader>
      <PagedList
        list={list}
        rows={(stalled) => stalled.rows}
        text={{ loading: 'Loading stalled learners', failed: 'Failed to load stalled learners', pages: 'Stalled learner pages', noun: 'learners' }}
        empty={<ListEmpty title="Nobody has stalled" hint="Every learner in this range has finished or been active in the last 14 days." />}
        tableMinWidth={TABLE_MIN_WIDTH}
        renderRows={(rows, layout) => (layout === 'table' ? <StalledTable rows={rows} /> : <StalledCards rows={rows} />)}
        onPage={onPage}
        heading={heading}
      />
    </Card>
  )
}
