import { LoaderCircle } from 'lucide-react'
import { cn } from '../../lib/utils'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <LoaderCircle aria-hidden className="size-6 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** The whole-screen wait while the session is read. */
export function PageSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="[&_svg]:size-10" />
    </div>
  )
}
