import { Mail } from 'lucide-react'
import { useState } from 'react'
import { emailKindTitles, type SentEmailEntry } from '../../../shared/schemas/emails'
import { Button } from '../ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog'
import { Spinner } from '../ui/spinner'
import { StatusBadge } from '../ui/status-badge'
import { useSentEmails } from './api'
import { SendReminderButton } from './send-reminder-button'

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function SentEmailItem({ entry }: { entry: SentEmailEntry }) {
  const tone = entry.status === 'delivered' ? 'success' : entry.status === 'failed' ? 'danger' : 'neutral'
  const label = entry.status === 'delivered' ? 'Delivered' : entry.status === 'failed' ? 'Not delivered' : 'Sending'
  return (
    <li className="grid gap-1 border-b py-2 text-sm last:border-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{emailKindTitles[entry.kind]}</span>
        <StatusBadge tone={tone}>{label}</StatusBadge>
        <time className="text-muted-foreground" dateTime={entry.updatedAt}>
          {timeFormat.format(new Date(entry.updatedAt))}
        </time>
      </div>
      {entry.requestedByEmail && <span className="text-muted-foreground">Sent by {entry.requestedByEmail}</span>}
      {entry.error && <span className="break-words text-destructive">SMTP error: {entry.error}</span>}
    </li>
  )
}

function SentEmailList({ userId }: { userId: string }) {
  const sent = useSentEmails(userId)
  if (sent.isPending) return <Spinner label="Loading e-mails" />
  if (sent.isError) return <p className="text-sm text-destructive">Failed to load the e-mails.</p>
  if (sent.data.length === 0) return <p className="text-sm text-muted-foreground">No course e-mails sent yet.</p>
  return (
    <ul aria-label="E-mails sent" className="max-h-80 overflow-y-auto">
      {sent.data.map((entry) => (
        <SentEmailItem key={entry.id} entry={entry} />
      ))}
    </ul>
  )
}

/** A learner's row: the course e-mails they were sent (delivered or the SMTP error), and "Send a reminder now". */
export function LearnerEmailsDialog({ user }: { user: { id: string; email: string } }) {
  const [isOpen, setOpen] = useState(false)
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`E-mails of ${user.email}`}>
          <Mail aria-hidden />
          E-mails
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Course e-mails</DialogTitle>
          <DialogDescription>Reminders, module and completion e-mails sent to {user.email}, newest first.</DialogDescription>
        </DialogHeader>
        {isOpen && <SentEmailList userId={user.id} />}
        <div>
          <SendReminderButton userId={user.id} email={user.email} />
        </div>
      </DialogContent>
    </Dialog>
  )
}
