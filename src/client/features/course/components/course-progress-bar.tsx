import { useId } from 'react'
import type { ProgressSummary } from '../../../../shared/course/progress'
import { Progress } from '../../../components/ui/progress'

type Props = { progress: ProgressSummary; label: string; detail: string }

/** A labelled progress bar: completed modules out of all of them. */
export function CourseProgressBar({ progress, label, detail }: Props) {
  const labelId = useId()
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span id={labelId} className="font-semibold">
          {label}
        </span>
        <span className="text-sm text-muted-foreground">{detail}</span>
      </div>
      <Progress
        aria-labelledby={labelId}
        value={progress.percent}
        getValueLabel={() => `${progress.completedCount} of ${progress.totalModules} modules completed`}
      />
    </div>
  )
}
