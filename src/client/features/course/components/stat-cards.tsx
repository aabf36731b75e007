import { CheckCircle2, Clock, TrendingUp } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ProgressSummary } from '../../../../shared/course/progress'
import { Card } from '../../../components/ui/card'

function StatCard({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      </div>
    </Card>
  )
}

/** Completed (n/8), Progress (%) and Time Left (minutes), as the dashboard shows them. */
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
