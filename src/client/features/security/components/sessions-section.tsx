import { LogOut, Monitor, Smartphone } from 'lucide-react'
import { useRef } from 'react'
import type { SignedInSession } from '../../../../shared/api-types'
import { describeDevice, parseUserAgent } from '../../../../shared/user-agent'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { StatusBadge } from '../../../components/ui/status-badge'
import { errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { useEndSessions, useSessions } from '../api'
import { timeAgo } from '../time-ago'

const PHONES = new Set(['iPhone', 'Android'])

/**
 * The Security page's list of where the user is signed in (docs/decisions/0085-session-list.md):
 * each browser, roughly when it signed in and was last active, and Sign Out for any but this one.
 * An ended session is refused on its next request.
 */
export function SessionsSection() {
  const sessions = useSessions()
  const end = useEndSessions()
  const heading = useRef<HTMLHeadingElement>(null)
  const others = sessions.data?.sessions.filter((session) => !session.isCurrent) ?? []

  const endSessions = (session?: SignedInSession) => {
    if (end.isPending) return
    end.mutate(session?.id, {
      onSuccess: (answer) => {
        const count = answer?.endedCount ?? 1
        notify.success(session ? `Signed out ${describeDevice(session.userAgent)}` : `Signed out ${count} other ${count === 1 ? 'session' : 'sessions'}`)
        // The button pressed is gone with its row: the keyboard's place is the section.
        heading.current?.focus()
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to sign out. Please try again.')),
    })
  }

  return (
    <section aria-labelledby="sessions-heading">
      <Card>
        <CardHeader>
          <CardTitle id="sessions-heading" ref={heading} tabIndex={-1} className="outline-none">
            Where you are signed in
          </CardTitle>
          <CardDescription>
            Every browser signed in to your account. Sign out any you do not recognise or no longer use: it is signed out
            on its next request.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {sessions.isPending ? (
            <Spinner label="Loading your sessions" />
          ) : sessions.isError ? (
            <div role="alert" className="grid justify-items-start gap-2">
              <p>{errorMessage(sessions.error, 'Your sessions could not be loaded.')}</p>
              <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <>
              <ul className="grid divide-y rounded-md border" aria-label="Sessions">
                {sessions.data.sessions.map((session) => (
                  <SessionRow key={session.id} session={session} isBusy={end.isPending} onEnd={() => endSessions(session)} />
                ))}
              </ul>
              {others.length > 0 ? (
                <BusyButton variant="outline" className="justify-self-start" isBusy={end.isPending} onClick={() => endSessions()}>
                  <LogOut aria-hidden />
                  Sign Out Everywhere Else
                </BusyButton>
              ) : (
                <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  )
}

function SessionRow({ session, isBusy, onEnd }: { session: SignedInSession; isBusy: boolean; onEnd: () => void }) {
  const device = describeDevice(session.userAgent)
  const Icon = PHONES.has(parseUserAgent(session.userAgent).system ?? '') ? Smartphone : Monitor
  const signedIn = `Signed in ${timeAgo(session.createdAt)}`
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium [overflow-wrap:anywhere]">
          {device}
          {session.isCurrent && (
            <StatusBadge tone="success" className="ml-2">
              This device
            </StatusBadge>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          {signedIn}
          {session.lastActiveAt && ` · Last active ${timeAgo(session.lastActiveAt)}`}
        </p>
      </div>
      {!session.isCurrent && (
        <BusyButton variant="outline" size="sm" isBusy={isBusy} onClick={onEnd} aria-label={`Sign out ${device}, ${signedIn.toLowerCase()}`}>
          Sign Out
        </BusyButton>
      )}
    </li>
  )
}
