import { LoaderCircle } from 'lucide-react'
// clsx, not cn: this spinner is the first screen's fallback, and tailwind-merge would add to
// every page's initial load (docs/performance.md, figure 6).
import { clsx } from 'clsx'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={clsx('inline-flex items-center', className)}>
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
