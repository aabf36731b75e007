import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import type { AdminUser } from '../../../../shared/api-types'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useResetCourse } from '../api'

/**
 * Starts a learner's course again from nothing, after a confirmation that says the certificate is
 * revoked (docs/decisions/0095-admin-course-reset.md).
 */
export function ResetCourseDialog({ user }: { user: AdminUser }) {
  const [isOpen, setOpen] = useState(false)
  const reset = useResetCourse()

  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: ({ revokedCertificateId }) => {
        notify.success(revokedCertificateId ? `Course reset; certificate ${revokedCertificateId} revoked` : 'Course reset')
        setOpen(false)
      },
      onError: (error) => notify.error(adminFailure(error, 'Failed to reset the course')),
    })

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      isBusy={reset.isPending}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Reset Course for ${user.email}`}>
          <RotateCcw aria-hidden />
          Reset Course
        </Button>
      }
      title="Reset this learner's course?"
      description={
        <>
          <strong className="font-semibold text-foreground">{user.email}</strong> starts the course again from nothing:
          completed modules, video positions and knowledge check attempts are cleared. Their certificate, if they have
          one, is revoked: its verify page will say so. This cannot be undone.
        </>
      }
      confirmLabel={reset.isPending ? 'Resetting...' : 'Reset Course'}
      onConfirm={confirm}
    />
  )
}
