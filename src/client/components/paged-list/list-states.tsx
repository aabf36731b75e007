import { Button } from '../ui/button'
import { Spinner } from '../ui/spinner'

/** What a list shows while its first page loads. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} />
    </div>
  )
}

/** What a list shows when it could not load, with a way to ask again. */
export function ListLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 py-10 text-center">
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

/** What a list shows when nothing matches, and what to try instead. */
export function ListEmpty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="grid justify-items-center gap-1 py-10 text-center">
      <p className="font-medium">{title}</p>
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
    </div>
  )
}
