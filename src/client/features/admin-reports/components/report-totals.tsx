import type { LearnerReport } from '../../../../shared/api-types'

const format = (n: number) => n.toLocaleString('en-US')

/** Learners, how many completed, and the average progress, over every learner. */
export function ReportTotals({ totals }: { totals: LearnerReport['totals'] | undefined }) {
  const items = [
    ['Learners', totals ? format(totals.learners) : '—'],
    ['Completed', totals ? format(totals.completed) : '—'],
    ['Average Progress', totals ? `${totals.averagePercent}%` : '—'],
  ]
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl border bg-card p-5 shadow-sm">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-3xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
