import type { LearnerReportRow } from '../../../../shared/api-types'
import { formatCertificateDate } from '../../../../shared/course/dates'
import { learnerStatusLabels } from '../../../../shared/learner-status'
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge'
import { cn } from '../../../lib/utils'
import { TableHead } from '../../../components/ui/table-head'

const statusTones: Record<LearnerReportRow['status'], BadgeTone> = {
  'not-started': 'neutral',
  'in-progress': 'warning',
  completed: 'success',
}

// Activity in the admin's own time zone; the completion date as the certificate prints it (UTC).
const activityFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const none = <span className="text-muted-foreground">—</span>

function Status({ row }: { row: LearnerReportRow }) {
  return (
    <span className="flex flex-wrap gap-1">
      <StatusBadge tone={statusTones[row.status]}>{learnerStatusLabels[row.status]}</StatusBadge>
      {row.isDisabled && <StatusBadge tone="danger">Disabled</StatusBadge>}
    </span>
  )
}

/** Modules completed out of the published course's `moduleCount`, and the percent the server made of it. */
function Modules({ row, moduleCount }: { row: LearnerReportRow; moduleCount: number }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      {row.completedModules}/{moduleCount} · {row.percent}%
    </span>
  )
}

/** The knowledge checks the learner has taken: best score and attempts of each. */
function KnowledgeChecks({ row, className }: { row: LearnerReportRow; className?: string }) {
  const taken = row.knowledgeChecks.filter((check) => check.attempts > 0)
  if (taken.length === 0) return className ? null : none
  return (
    <ul aria-label="Knowledge checks" className={cn('grid gap-0.5', className)}>
      {taken.map((check) => (
        <li key={check.moduleId} className="whitespace-nowrap tabular-nums">
          Module {check.moduleNumber}: {check.bestScore} % · {check.attempts} {check.attempts === 1 ? 'attempt' : 'attempts'}
        </li>
      ))}
    </ul>
  )
}

const cells = (row: LearnerReportRow) => ({
  name: row.fullName ? <span className="break-words">{row.fullName}</span> : none,
  lastActivity: row.lastActivityAt ? <time dateTime={row.lastActivityAt}>{activityFormat.format(new Date(row.lastActivityAt))}</time> : none,
  completedOn: row.completedAt ? <time dateTime={row.completedAt}>{formatCertificateDate(row.completedAt)}</time> : none,
  certificate: row.certificateId ? <span className="font-mono text-xs whitespace-nowrap">{row.certificateId}</span> : none,
})

type ReportViewProps = { rows: LearnerReportRow[]; moduleCount: number }

const HEADINGS = ['Learner', 'Modules', 'Status', 'Last Activity', 'Completed On', 'Certificate ID']

/** The report where there is room for its six columns; the knowledge checks go under the modules. */
export function ReportTable({ rows, moduleCount }: ReportViewProps) {
  return (
    <table className="w-full text-left text-sm">
      <TableHead headings={HEADINGS} />
      <tbody>
        {rows.map((row) => {
          const cell = cells(row)
          return (
            <tr key={row.id} className="border-b align-top last:border-0 hover:bg-muted/40">
              <td className="p-2">
                <span className="block font-medium [overflow-wrap:anywhere]">{row.email}</span>
                {row.fullName && <span className="block break-words text-muted-foreground">{row.fullName}</span>}
              </td>
              <td className="p-2">
                <Modules row={row} moduleCount={moduleCount} />
                <KnowledgeChecks row={row} className="mt-1 text-xs text-muted-foreground" />
              </td>
              <td className="p-2">
                <Status row={row} />
              </td>
              <td className="p-2">{cell.lastActivity}</td>
              <td className="p-2">{cell.completedOn}</td>
              <td className="p-2">{cell.certificate}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** One card per learner where the table would not fit. */
export function ReportCards({ rows, moduleCount }: ReportViewProps) {
  return (
    <ul className="grid gap-3">
      {rows.map((row) => {
        const cell = cells(row)
        return (
          <li key={row.id} className="grid gap-3 rounded-lg border p-4 text-sm">
            <span className="font-medium [overflow-wrap:anywhere]">{row.email}</span>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">Full Name</dt>
              <dd>{cell.name}</dd>
              <dt className="text-muted-foreground">Modules</dt>
              <dd>
                <Modules row={row} moduleCount={moduleCount} />
              </dd>
              <dt className="text-muted-foreground">Knowledge Checks</dt>
              <dd>
                <KnowledgeChecks row={row} />
              </dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Status row={row} />
              </dd>
              <dt className="text-muted-foreground">Last Activity</dt>
              <dd>{cell.lastActivity}</dd>
              <dt className="text-muted-foreground">Completed On</dt>
              <dd>{cell.completedOn}</dd>
              <dt className="text-muted-foreground">Certificate ID</dt>
              <dd className="[overflow-wrap:anywhere]">{cell.certificate}</dd>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
