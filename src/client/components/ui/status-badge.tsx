import { cn } from '../../lib/utils'

export type BadgeTone = 'success' | 'neutral' | 'warning' | 'danger'

const dotColor: Record<BadgeTone, string> = {
  success: 'bg-success',
  neutral: 'bg-muted-foreground',
  warning: 'bg-accent',
  danger: 'bg-destructive',
}

/** A status as text with a coloured dot: the text keeps full contrast, the colour only adds to it. */
export function StatusBadge({ tone, children, className }: { tone: BadgeTone; children: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full border bg-card px-2 py-0.5 text-xs font-medium whitespace-nowrap', className)}>
      <span aria-hidden className={cn('size-2 shrink-0 rounded-full', dotColor[tone])} />
      {children}
    </span>
  )
}
