import { TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import type { ApiErrorChange } from '../../../../shared/api-types'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { formatChangeTime } from '../format'

type ConflictNoticeProps = {
  change: ApiErrorChange
  /** The admin's own name as the server records it: a save from their other tab says 'you'. */
  ownName: string | undefined
  canSaveMine: boolean
  onReload: () => Promise<void>
  onSaveMine: () => Promise<void>
}

/** One of the two choices, each behind its own 'are you sure': both replace someone's text. */
function ConfirmChoice({
  label,
  title,
  description,
  confirm,
  onConfirm,
  variant,
  disabled,
}: {
  label: string
  title: string
  description: string
  confirm: string
  onConfirm: () => Promise<void>
  variant: 'default' | 'outline'
  disabled?: boolean
}) {
  const [isOpen, setOpen] = useState(false)
  const [isBusy, setBusy] = useState(false)
  const run = async () => {
    if (isBusy) return
    setBusy(true)
    try {
      await onConfirm()
      setOpen(false)
    } catch {
      // The editor has said why (a toast); the dialog stays, to try again or cancel.
    } finally {
      setBusy(false)
    }
  }
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      isBusy={isBusy}
      trigger={
        <Button variant={variant} size="sm" disabled={disabled}>
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirm}
      onConfirm={() => void run()}
    />
  )
}

/**
 * A save refused because someone else saved the module first: who and when (in the admin's time),
 * and what they can do. The form keeps their text until they choose.
 */
export function ConflictNotice({ change, ownName, canSaveMine, onReload, onSaveMine }: ConflictNoticeProps) {
  const headingId = useId()
  const isOwn = ownName !== undefined && change.changedBy === ownName
  const who = isOwn ? 'you, in another tab or window,' : change.changedBy
  const theirs = isOwn ? 'the saved version' : 'their changes'
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
        Your changes are not saved
      </h2>
      <p>
        This module was changed by {who} at {formatChangeTime(change.changedAt)} — reload to see {theirs}.
      </p>
      <p className="text-sm text-muted-foreground">
        Everything you typed is still in the form. Copy what you want to keep before you reload, or save yours over {theirs}.
      </p>
      <div className="flex flex-wrap gap-2">
        <ConfirmChoice
          label={isOwn ? 'Reload the saved version' : 'Reload their version'}
          title="Reload the saved version?"
          description="The form’s text is replaced with the version saved at that time. What you typed since your last save is lost."
          confirm="Reload and replace my text"
          onConfirm={onReload}
          variant="default"
        />
        <ConfirmChoice
          label="Save mine over it"
          title="Save your version over theirs?"
          description={`Your text replaces the module as it was saved${isOwn ? '' : ` by ${change.changedBy}`}. Their changes to this module are lost.`}
          confirm="Save mine over it"
          onConfirm={onSaveMine}
          variant="outline"
          disabled={!canSaveMine}
        />
      </div>
      {!canSaveMine && <p className="text-sm text-muted-foreground">Fix the errors below to save yours.</p>}
    </section>
  )
}
