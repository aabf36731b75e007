import { randomBytes } from 'node:crypto'
import type { Auth } from '../auth/auth'
import { resetTokenIdentifier } from '../auth/better-auth-formats'
import { DAY_MS } from '../../shared/durations'
import type { Env } from '../env'
import type { Mailer } from '../mail/mailer'
import { logger } from '../observability/logger'
import { sendPasswordChoiceLink } from './login-details'

export const INVITATION_DAYS = 7
const CONCURRENT_SENDS = 4

type Deps = { auth: Auth; mailer: Mailer; env: Pick<Env, 'absoluteUrl' | 'site'> }
export type Invitee = { id: string; email: string }

/**
 * An imported learner has no password yet (a hash per row would make a large file slow to import:
 * docs/decisions/0025-imported-accounts-invited.md). Their e-mail carries a link to choose one: a
 * password-reset token of Better Auth's own kind, so /change-password?token=… and its reset
 * endpoint handle it, but valid for 7 days rather than 1 hour. It works once; after that, or
 * without it, 'Forgot your password?' sends a new one.
 */
async function invite({ auth, mailer, env }: Deps, invitee: Invitee): Promise<void> {
  const context = await auth.$context
  const token = randomBytes(18).toString('base64url')
  await context.internalAdapter.createVerificationValue({
    identifier: resetTokenIdentifier(token),
    value: invitee.id,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
  })
  await sendPasswordChoiceLink({ mailer, env }, invitee.email, token, INVITATION_DAYS)
}

/**
 * Sends the invitations after the import has answered, a few at a time: 5,000 e-mails take
 * longer than an admin should wait on a request. A failure is logged and the rest go on.
 */
export function sendInvitationsInBackground(deps: Deps, invitees: Invitee[]): Promise<void> {
  const queue = [...invitees]
  let failed = 0
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await invite(deps, next)
      } catch (error) {
        failed += 1
        logger.error({ err: error, userId: next.id }, 'An invitation from the import could not be sent')
      }
    }
  }
  return Promise.all(Array.from({ length: CONCURRENT_SENDS }, worker)).then(() => {
    if (failed > 0) logger.error({ failed, invitations: invitees.length }, 'Invitations from the import could not be sent')
  })
}
