import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { EMAIL_KINDS, isKindEnabled } from '../../../shared/schemas/emails'
import type { Db } from '../../db/client'
import { emailOptOut, sentEmail } from '../../db/schema'
import { LEASE_MS } from '../../jobs/queue'
import type { Mailer } from '../../mail/mailer'
import { composeJourneyMail, findRecipient, type ComposeDeps, type JourneyEmail } from './compose'
import { readEmailSettings } from './settings'

export type SendDeps = ComposeDeps & {
  mailer: Mailer
  /** A test's hook between taking the job and sending (JOBS_PAUSE_BEFORE_SEND). */
  beforeSend?: () => Promise<void>
}

export const JourneyEmailSchema = z.object({
  userId: z.string().min(1),
  kind: z.enum(EMAIL_KINDS),
  occasion: z.string().min(1),
  moduleId: z.string().optional(),
  requestedBy: z.string().optional(),
})

/** The queue's key of one e-mail's job: one job per learner, kind and occasion. */
export const emailJobKey = (email: JourneyEmail) => `email:${email.kind}:${email.userId}:${email.occasion}`

const ERROR_MAX = 300

/**
 * Takes the sent record of this occasion for this try: a new row, or one whose last try failed,
 * or one whose holder died (its 'sending' is older than a lease). Answers false when it was
 * delivered already; throws, for the queue to retry later, while another process holds it.
 */
async function claim(db: Db, email: JourneyEmail, now: Date): Promise<string | false> {
  const staleBefore = new Date(now.getTime() - LEASE_MS)
  const [taken] = await db
    .insert(sentEmail)
    .values({ id: randomUUID(), userId: email.userId, kind: email.kind, occasion: email.occasion, status: 'sending', requestedBy: email.requestedBy, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [sentEmail.userId, sentEmail.kind, sentEmail.occasion],
      set: { status: 'sending', error: null, attempts: sql`${sentEmail.attempts} + 1`, updatedAt: now },
      setWhere: sql`${sentEmail.status} = 'failed' or (${sentEmail.status} = 'sending' and ${sentEmail.updatedAt} <= ${staleBefore})`,
    })
    .returning({ id: sentEmail.id })
  if (taken) return taken.id
  const [held] = await db
    .select({ status: sentEmail.status })
    .from(sentEmail)
    .where(and(eq(sentEmail.userId, email.userId), eq(sentEmail.kind, email.kind), eq(sentEmail.occasion, email.occasion)))
  if (held?.status === 'delivered') return false
  throw new Error('Another process is sending this e-mail now')
}

/**
 * The queue's "email" job: sends one journey e-mail at most once per learner, kind and occasion
 * (docs/decisions/0089-email-journeys.md), from the learner's data as it is now. Nothing is sent
 * to a disabled account, for a kind the owner turned off (an admin's reminder excepted) or the
 * learner unsubscribed from, or when there is nothing to say any more. An SMTP failure is
 * recorded on the row and thrown, so the queue retries with backoff.
 */
export async function sendJourneyEmail(deps: SendDeps, payload: unknown, now: Date): Promise<'delivered' | 'skipped'> {
  const email = JourneyEmailSchema.parse(payload)
  const { db } = deps
  const to = await findRecipient(db, email.userId)
  if (!to || to.banned) return 'skipped'
  if (!email.requestedBy && !isKindEnabled(await readEmailSettings(db), email.kind)) return 'skipped'
  const [optedOut] = await db
    .select({ kind: emailOptOut.kind })
    .from(emailOptOut)
    .where(and(eq(emailOptOut.userId, to.id), eq(emailOptOut.kind, email.kind)))
  if (optedOut) return 'skipped'
  const mail = await composeJourneyMail(deps, to, email, now)
  if (!mail) return 'skipped'
  const id = await claim(db, email, now)
  if (id === false) return 'skipped'
  await deps.beforeSend?.()
  try {
    await deps.mailer.send(mail)
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX)
    await db.update(sentEmail).set({ status: 'failed', error: message, updatedAt: new Date() }).where(eq(sentEmail.id, id))
    throw error
  }
  await db.update(sentEmail).set({ status: 'delivered', error: null, updatedAt: new Date() }).where(eq(sentEmail.id, id))
  return 'delivered'
}

/**
 * At the start of the only process there is (the embedded database): a record left 'sending'
 * was being sent by a process that is gone, so it is marked failed and its job sends it again.
 */
export async function releaseInterruptedSends(db: Db): Promise<void> {
  await db
    .update(sentEmail)
    .set({ status: 'failed', error: 'Interrupted before the SMTP server confirmed it', updatedAt: new Date() })
    .where(eq(sentEmail.status, 'sending'))
}
