import { History } from 'lucide-react'
import { useId } from 'react'
import { Button } from '../../../components/ui/button'
import { formatChangeTime } from '../format'

type UnsavedDraftNoticeProps = { leftAt: string; onRestore: () => void; onDiscard: () => void }

/** Text this module's editor could not save when it was closed: the admin takes it back, or lets it go. */
export function UnsavedDraftNotice({ leftAt, onRestore, onDiscard }: UnsavedDraftNoticeProps) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-accent bg-accent/15 p-4">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <History aria-hidden className="size-5 shrink-0" />
        You have unsaved changes to this module
      </h2>
      <p>
        You left this module at {formatChangeTime(leftAt)} with changes that could not be saved. Restore them to go on where you
        stopped; the form then holds your text instead of the saved version.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore my changes
        </Button>
        <Button variant="outline" size="sm" onClick={onDiscard}>
          Discard them
        </Button>
      </div>
    </section>
  )
}
