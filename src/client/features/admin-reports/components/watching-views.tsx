import type { WatchingReportRow } from '../../../../shared/media'
import { TableHead } from '../../../components/ui/table-head'

// Last watched in the admin's own time zone, like the learner report's last activity.
const watchedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

// The rows carry no ids: a learner has one row per lesson, and the page's order is the server's.
const rowKey = (row: WatchingReportRow, index: number) => `${row.email}\u0000${row.moduleNumber}\u0000${row.lessonTitle}\u0000${index}`

const LastWatched = ({ row }: { row: WatchingReportRow }) => (
  <time dateTime={row.lastWatchedAt}>{watchedFormat.format(new Date(row.lastWatchedAt))}</time>
)

const Lesson = ({ row }: { row: WatchingReportRow }) => (
  <>
    <span className="block break-words">{row.lessonTitle}</span>
    <span className="block break-words text-muted-foreground">
      Module {row.moduleNumber}: {row.moduleTitle}
    </span>
  </>
)

const Percent = ({ row }: { row: WatchingReportRow }) => <span className="whitespace-nowrap tabular-nums">{row.percentWatched}%</span>

const HEADINGS = ['Learner', 'Lesson', 'Watched', 'Last Watched']

/** The report where there is room for its four columns. */
export function WatchingTable({ rows }: { rows: WatchingReportRow[] }) {
  return (
    <table className="w-full text-left text-sm">
      <TableHead headings={HEADINGS} />
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} className="border-b align-top last:border-0 hover:bg-muted/40">
            <td className="p-2">
              <span className="block font-medium [overflow-wrap:anywhere]">{row.email}</span>
              {row.fullName && <span className="block break-words text-muted-foreground">{row.fullName}</span>}
            </td>
            <td className="p-2">
              <Lesson row={row} />
            </td>
            <td className="p-2">
              <Percent row={row} />
            </td>
            <td className="p-2">
              <LastWatched row={row} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One card per learner and lesson where the table would not fit. */
export function WatchingCards({ rows }: { rows: WatchingReportRow[] }) {
  return (
    <ul className="grid gap-3">
      {rows.map((row, index) => (
        <li key={rowKey(row, index)} className="grid gap-3 rounded-lg border p-4 text-sm">
          <span className="font-medium [overflow-wrap:anywhere]">{row.email}</span>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-muted-foreground">Full Name</dt>
            <dd className="break-words">{row.fullName || <span className="text-muted-foreground">—</span>}</dd>
            <dt className="text-muted-foreground">Lesson</dt>
            <dd className="min-w-0">
              <Lesson row={row} />
            </dd>
            <dt className="text-muted-foreground">Watched</dt>
            <dd>
              <Percent row={row} />
            </dd>
            <dt className="text-muted-foreground">Last Watched</dt>
            <dd>
              <LastWatched row={row} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  )
}
