import { CheckCircle2, Circle, PlayCircle } from 'lucide-react'
import type { ModuleState } from '../../../../shared/course/progress'
import { cn } from '../../../lib/utils'

const stateLabel: Record<ModuleState, string> = {
  completed: 'Completed',
  'in-progress': 'Up next',
  'not-started': 'Not started',
}

export function ModuleStateBadge({ state }: { state: ModuleState }) {
  const Icon = state === 'completed' ? CheckCircle2 : state === 'in-progress' ? PlayCircle : Circle
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
        state === 'completed' && 'bg-success/10 text-success',
        state === 'in-progress' && 'bg-accent/25 text-accent-foreground',
        state === 'not-started' && 'bg-secondary text-muted-foreground',
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {stateLabel[state]}
    </span>
  )
}
