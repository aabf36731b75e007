import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/utils'
import type { SaveState } from './use-autosave'

const texts: Record<SaveState['status'], string> = {
  saved: 'Saved',
  saving: 'Saving…',
  invalid: 'Not saved — fix the errors below',
  failed: 'Not saved — retry',
  conflict: 'Not saved — someone else changed this module',
}

/** Where the module's autosave is, said politely to screen readers as it changes; Retry after a failed save. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const isProblem = state.status === 'invalid' || state.status === 'failed' || state.status === 'conflict'
  const Icon = state.status === 'saved' ? CircleCheck : state.status === 'saving' ? LoaderCircle : CircleAlert
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <p
        role="status"
        className={cn('inline-flex min-w-0 items-center gap-1.5 text-sm font-medium', isProblem ? 'text-destructive' : 'text-muted-foreground')}
      >
        <Icon aria-hidden className={cn('size-4 shrink-0', state.status === 'saving' && 'animate-spin')} />
        <span>{texts[state.status]}</span>
      </p>
      {state.status === 'failed' && (
        <>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Retry
          </Button>
          <span className="basis-full text-sm text-muted-foreground">{state.message}</span>
        </>
      )}
    </div>
  )
}
