import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'

/** What an admin list shows while its first page loads. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} />
    </div>
  )
}

/** What an admin list shows when it could not load, with a way to ask again. */
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
