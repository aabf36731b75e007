import { and, desc, eq, not, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { EmailKind, EmailPreview, ReminderResult, SentEmailEntry } from '../../../shared/schemas/emails'
import type { Db } from '../../db/client'
import { certificate, emailOptOut, sentEmail, user } from '../../db/schema'
import { AppError } from '../../errors'
import { enqueue } from '../../jobs/queue'
import type { Mailer } from '../../mail/mailer'
import { recordAudit, type AuditContext } from '../audit-log'
import { composeJourneyMail, findRecipient, type ComposeDeps, type JourneyEmail, type Recipient } from './compose'
import { emailJobKey } from './send'

const LEARNER_NOT_FOUND = 'Learner not found'

/**
 * The learner a preview is made from: the one asked for, else the most recently active learner
 * the e-mail applies to (with a certificate for the completion e-mail, without one for the
 * others): real data, as the owner's learners will see it.
 */
async function sampleRecipient(db: Db, kind: EmailKind, admin: Recipient, userId: string | undefined): Promise<Recipient | undefined> {
  if (kind === 'digest') return admin
  if (userId) {
    const found = await findRecipient(db, userId)
    if (!found) throw new AppError('NOT_FOUND', LEARNER_NOT_FOUND)
    return found
  }
  const hasCertificate = sql`exists (select 1 from ${certificate} where ${certificate.userId} = ${user.id})`
  const hasExpiringCertificate = sql`exists (select 1 from ${certificate} where ${certificate.userId} = ${user.id} and ${certificate.expiresAt} is not null)`
  const [latest] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, 'user'), kind === 'completion' ? hasCertificate : kind === 'renewal' ? hasExpiringCertificate : not(hasCertificate)))
    .orderBy(sql`${user.lastActivityAt} desc nulls last`, desc(user.createdAt))
    .limit(1)
  return latest ? findRecipient(db, latest.id) : undefined
}

/** An occasion for a preview or a test, never recorded. */
const sampleOccasion = (kind: EmailKind) => (kind === 'nudge' ? 'manual:preview' : `preview:${kind}`)

/** What the e-mail would look like now for a real learner; links and unsubscribe are theirs, but nothing is sent. */
export async function previewEmail(deps: ComposeDeps, admin: Recipient, kind: EmailKind, userId: string | undefined, now = new Date()): Promise<EmailPreview> {
  const sample = await sampleRecipient(deps.db, kind, admin, userId)
  const firstModule = deps.courseStore.current().document.modules[0]?.id
  const mail = sample ? await composeJourneyMail(deps, sample, { userId: sample.id, kind, occasion: sampleOccasion(kind), moduleId: firstModule }, now) : undefined
  if (!sample || !mail) {
    throw new AppError('CONFLICT', sample ? 'This learner would not get this e-mail now (for example, a nudge after the certificate).' : 'There is no learner this e-mail applies to yet.')
  }
  return { subject: mail.subject, html: mail.html ?? '', text: mail.text, learnerEmail: sample.email }
}

/** "Send me a test": the preview, sent to the admin's own address, with links that change only the admin's own choices. */
export async function sendTestEmail(deps: ComposeDeps & { mailer: Mailer }, admin: Recipient, kind: EmailKind, audit: AuditContext, now = new Date()): Promise<void> {
  const sample = await sampleRecipient(deps.db, kind, admin, undefined)
  const firstModule = deps.courseStore.current().document.modules[0]?.id
  const email = { userId: sample?.id ?? admin.id, kind, occasion: sampleOccasion(kind), moduleId: firstModule }
  const mail = sample ? await composeJourneyMail(deps, sample, email, now, admin) : undefined
  if (!mail) throw new AppError('CONFLICT', 'There is no learner this e-mail applies to yet.')
  await deps.mailer.send({ ...mail, subject: `[Test] ${mail.subject}` })
  await recordAudit(deps.db, audit, { action: 'email_test_sent', target: { id: admin.id, email: admin.email }, detail: { emails: kind } })
}

/**
 * "Send a reminder now": a nudge through the queue, at most one a day per learner (a second
 * click is answered, not sent), never to a learner who turned reminders off. Audited.
 */
export async function requestReminder(db: Db, learnerId: string, adminId: string, audit: AuditContext, now = new Date()): Promise<ReminderResult> {
  const learner = await findRecipient(db, learnerId)
  if (!learner || learner.role !== 'user') throw new AppError('NOT_FOUND', LEARNER_NOT_FOUND)
  if (learner.banned) throw new AppError('CONFLICT', 'This account is disabled.')
  const [optedOut] = await db.select().from(emailOptOut).where(sql`${emailOptOut.userId} = ${learnerId} and ${emailOptOut.kind} = 'nudge'`)
  if (optedOut) throw new AppError('CONFLICT', 'This learner turned reminders off.')
  const email: JourneyEmail = { userId: learnerId, kind: 'nudge', occasion: `manual:${now.toISOString().slice(0, 10)}`, requestedBy: adminId }
  const isQueued = await db.transaction(async (tx) => {
    const added = await enqueue(tx, { name: 'email', payload: email, key: emailJobKey(email), runAt: now })
    if (added) await recordAudit(tx, audit, { action: 'email_reminder_requested', target: { id: learner.id, email: learner.email }, detail: { emails: 'nudge' } })
    return added
  })
  return { status: isQueued ? 'queued' : 'already_sent_today' }
}

/** Every journey e-mail a learner was sent or tried, newest first. */
export async function sentEmailsOf(db: Db, userId: string): Promise<SentEmailEntry[]> {
  if (!(await findRecipient(db, userId))) throw new AppError('NOT_FOUND', LEARNER_NOT_FOUND)
  const requester = alias(user, 'requester')
  const rows = await db
    .select({ row: sentEmail, requestedByEmail: requester.email })
    .from(sentEmail)
    .leftJoin(requester, eq(requester.id, sentEmail.requestedBy))
    .where(eq(sentEmail.userId, userId))
    .orderBy(desc(sentEmail.createdAt))
    .limit(100)
  return rows.map(({ row, requestedByEmail }) => ({
    id: row.id,
    kind: row.kind as EmailKind,
    occasion: row.occasion,
    status: row.status as SentEmailEntry['status'],
    error: row.error,
    requestedByEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }))
}
