import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import type { CourseVersionSummary } from '../../../../shared/course/admin-api-types'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Button } from '../../../components/ui/button'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useRestoreVersion } from '../api'

/** Restore a version into the draft, after saying that it replaces the draft and that publishing makes it live. */
export function RestoreVersionDialog({ version, liveVersion }: { version: CourseVersionSummary; liveVersion: number | undefined }) {
  const [isOpen, setOpen] = useState(false)
  const restore = useRestoreVersion()
  const v = version.version

  const confirm = () =>
    restore.mutate(v, {
      onSuccess: () => {
        notify.success(`Version ${v} is now the draft. Publish to make it live.`)
        setOpen(false)
      },
      onError: (error) => notify.error(adminFailure(error, `Failed to restore version ${v}`)),
    })

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      isBusy={restore.isPending}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Restore version ${v}`}>
          <RotateCcw aria-hidden />
          Restore
        </Button>
      }
      title={`Restore version ${v}?`}
      description={
        <>
          This replaces the draft with version {v}: its modules, their order and all their text. Modules that version {v} does
          not have are marked removed, not deleted. Anyone editing a module is asked to reload it. Learners keep seeing{' '}
          {liveVersion ? `version ${liveVersion}` : 'the live version'} until you publish.
        </>
      }
      variant="default"
      confirmLabel={restore.isPending ? 'Restoring…' : 'Replace the draft'}
      onConfirm={confirm}
    />
  )
}
