import { LockKeyholeOpen, LockKeyhole } from 'lucide-react'
import type { AdminUser } from '../../../../shared/api-types'
import { Button } from '../../../components/ui/button'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useSetScheduleLifted } from '../api'

/**
 * Opens every module for this learner whatever the course's schedule, or puts them back on it
 * (docs/decisions/0090-course-schedule.md). Audited by the server.
 */
export function ScheduleLiftButton({ user }: { user: AdminUser }) {
  const lift = useSetScheduleLifted()
  const isLifted = Boolean(user.isScheduleLifted)
  const label = isLifted ? 'Apply Schedule Again' : 'Open All Modules'
  const onClick = () =>
    lift.mutate(
      { id: user.id, isLifted: !isLifted },
      {
        onSuccess: () => notify.success(isLifted ? `${user.email} follows the schedule again` : `Every module is open to ${user.email}`),
        onError: (error) => notify.error(adminFailure(error, 'Failed to change the learner’s schedule')),
      },
    )
  return (
    <Button variant="outline" size="sm" aria-label={`${label} for ${user.email}`} disabled={lift.isPending} onClick={onClick}>
      {isLifted ? <LockKeyhole aria-hidden /> : <LockKeyholeOpen aria-hidden />}
      {label}
    </Button>
  )
}
