import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { DraftCourse } from '../../../../shared/course/admin-api-types'
import { PublishSchema } from '../../../../shared/schemas/course'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { TextField } from '../../../components/ui/text-field'
import { adminFailure } from '../../../lib/admin-failure'
import { ApiError } from '../../../lib/api-client'
import { showApiFieldErrors } from '../../../lib/api-field-errors'
import { notify } from '../../../lib/notify'
import { usePublish } from '../api'
import { AddModuleDialog } from './add-module-dialog'

type PublishForm = { note: string }

type PublishDialogProps = {
  draft: DraftCourse
  /** After a publish the button is disabled (nothing left to publish): the focus goes to the list instead. */
  onPublished: () => void
}

/**
 * Publish: the whole draft becomes the next version, at once, with a one-line note for the
 * history. Disabled, with the reason beside it, while the draft is the live version.
 */
export function PublishDialog({ draft, onPublished }: PublishDialogProps) {
  const [isOpen, setOpen] = useState(false)
  const reasonId = useId()
  const [wasPublished, setWasPublished] = useState(false)
  const publish = usePublish()
  const form = useForm<PublishForm>({ resolver: zodResolver(PublishSchema), defaultValues: { note: '' } })
  const moduleCount = draft.modules.filter((module) => module.status !== 'removed').length

  const onOpenChange = (open: boolean) => {
    if (publish.isPending) return
    if (open) form.reset({ note: '' })
    setOpen(open)
  }

  const onSubmit = form.handleSubmit(async ({ note }) => {
    if (publish.isPending) return
    try {
      const { version } = await publish.mutateAsync(note)
      notify.success(`Version ${version} published`)
      setWasPublished(true)
      setOpen(false)
    } catch (error) {
      showApiFieldErrors(form, error, ['note'])
      notify.error(adminFailure(error, 'Failed to publish'))
      // Nothing to publish after all (someone else just did): the list says so once it reloads.
      if (error instanceof ApiError && error.status === 409) setOpen(false)
    }
  })

  return (
    <>
      <Dialog open={isOpen} onOpenChange={onOpenChange}>
        <DialogTrigger asChild>
          <Button variant="accent" disabled={!draft.hasChanges} aria-describedby={draft.hasChanges ? undefined : reasonId}>
            <Send aria-hidden />
            Publish
          </Button>
        </DialogTrigger>
        <DialogContent
          onCloseAutoFocus={(event) => {
            if (wasPublished) {
              event.preventDefault()
              setWasPublished(false)
              onPublished()
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>Publish the course</DialogTitle>
            <DialogDescription>
              Learners see the draft at once: {moduleCount} {moduleCount === 1 ? 'module' : 'modules'}, in this order. Everyone’s
              progress stays with each module.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <TextField
              label="Note"
              autoComplete="off"
              hint="One line for the version history: what changed."
              error={form.formState.errors.note?.message}
              {...form.register('note')}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <BusyButton type="submit" variant="accent" isBusy={publish.isPending}>
                {publish.isPending ? 'Publishing…' : `Publish version ${draft.liveVersion + 1}`}
              </BusyButton>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {!draft.hasChanges && (
        <p id={reasonId} className="basis-full text-sm text-muted-foreground sm:text-right">
          Nothing to publish: the draft is the same as version {draft.liveVersion}.
        </p>
      )}
    </>
  )
}

/** The Course section's two actions, and why Publish is disabled when it is. */
export function CourseActions({ draft, onPublished }: PublishDialogProps) {
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 sm:max-w-xs sm:justify-end">
      <AddModuleDialog />
      <PublishDialog draft={draft} onPublished={onPublished} />
    </div>
  )
}
