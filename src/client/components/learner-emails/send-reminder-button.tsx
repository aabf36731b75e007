import { Send } from 'lucide-react'
import { adminFailure } from '../../lib/admin-failure'
import { notify } from '../../lib/notify'
import { BusyButton } from '../ui/busy-button'
import { useSendReminder } from './api'

/** "Send a reminder now": a nudge through the queue, at most one a day per learner. */
export function SendReminderButton({ userId, email }: { userId: string; email: string }) {
  const send = useSendReminder()
  const onClick = () =>
    send.mutate(userId, {
      onSuccess: ({ status }) =>
        status === 'queued' ? notify.success(`Reminder on its way to ${email}`) : notify.success(`A reminder already went to ${email} today`),
      onError: (error) => notify.error(adminFailure(error, 'Failed to send the reminder')),
    })
  return (
    <BusyButton variant="outline" size="sm" isBusy={send.isPending} onClick={onClick} aria-label={`Send a reminder now to ${email}`}>
      <Send aria-hidden />
      {send.isPending ? 'Sending...' : 'Send a reminder now'}
    </BusyButton>
  )
}
