import { auditActionLabels, auditActorName, describeAuditDetail, type AuditEntry } from '../../../../shared/audit'
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge'
import { TableHead } from '../../../components/ui/table-head'

// Times in the viewer's own locale and time zone, to the second.
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
const none = <span className="text-muted-foreground">—</span>

const toneOf = (entry: AuditEntry): BadgeTone =>
  entry.action === 'sign_in_failed' ? 'danger' : entry.action === 'user_deleted' || entry.action === 'user_disabled' ? 'warning' : 'neutral'

const cells = (entry: AuditEntry) => ({
  time: (
    <time dateTime={entry.createdAt} className="whitespace-nowrap">
      {timeFormat.format(new Date(entry.createdAt))}
    </time>
  ),
  action: <StatusBadge tone={toneOf(entry)}>{auditActionLabels[entry.action]}</StatusBadge>,
  actor: <span className={entry.actorKind === 'user' ? '[overflow-wrap:anywhere]' : 'text-muted-foreground'}>{auditActorName(entry)}</span>,
  target: entry.targetEmail ? <span className="[overflow-wrap:anywhere]">{entry.targetEmail}</span> : none,
  details: describeAuditDetail(entry.detail) || null,
  where: entry.ip ? (
    <span className="block [overflow-wrap:anywhere]" title={entry.userAgent ?? undefined}>
      {entry.ip}
    </span>
  ) : (
    none
  ),
})

const HEADINGS = ['Time', 'Action', 'Actor', 'Target', 'Details', 'IP Address']

/** The log where there is room for its six columns. */
export function ActivityTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table className="w-full text-left text-sm">
      <TableHead headings={HEADINGS} />
      <tbody>
        {entries.map((entry) => {
          const cell = cells(entry)
          return (
            <tr key={entry.id} className="border-b align-top last:border-0 hover:bg-muted/40">
              <td className="p-2">{cell.time}</td>
              <td className="p-2">{cell.action}</td>
              <td className="p-2">{cell.actor}</td>
              <td className="p-2">{cell.target}</td>
              <td className="p-2 break-words">{cell.details ?? none}</td>
              <td className="p-2">{cell.where}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** One card per entry where the table would not fit. */
export function ActivityCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul className="grid gap-3">
      {entries.map((entry) => {
        const cell = cells(entry)
        return (
          <li key={entry.id} className="grid gap-3 rounded-lg border p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              {cell.action}
              <span className="text-muted-foreground">{cell.time}</span>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">Actor</dt>
              <dd className="min-w-0">{cell.actor}</dd>
              <dt className="text-muted-foreground">Target</dt>
              <dd className="min-w-0">{cell.target}</dd>
              {cell.details && (
                <>
                  <dt className="text-muted-foreground">Details</dt>
                  <dd className="min-w-0 break-words">{cell.details}</dd>
                </>
              )}
              <dt className="text-muted-foreground">IP Address</dt>
              <dd className="min-w-0">{cell.where}</dd>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
