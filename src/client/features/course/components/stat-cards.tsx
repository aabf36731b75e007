import { CheckCircle2, Clock, TrendingUp } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ProgressSummary } from '../../../../shared/course/progress'
import { Card } from '../../../components/ui/card'

function StatCard({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  // A <dl> allows only dt/dd inside each group, so the icon sits in the term.
  return (
    <Card className="grid gap-1 p-5">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-3xl font-bold tabular-nums">{value}</dd>
    </Card>
  )
}

/** Completed (n of the course's modules), Progress (%) and Time Left (minutes), as the dashboard shows them. */
export function StatCards({ progress }: { progress: ProgressSummary }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <StatCard
        label="Completed"
        value={`${progress.completedCount}/${progress.totalModules}`}
        icon={<CheckCircle2 aria-hidden />}
      />
      <StatCard label="Progress" value={`${progress.percent}%`} icon={<TrendingUp aria-hidden />} />
      <StatCard label="Time Left" value={`${progress.minutesLeft} min`} icon={<Clock aria-hidden />} />
    </dl>
  )
}
