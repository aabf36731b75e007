import { and, eq, inArray } from 'drizzle-orm'
import { EMAIL_KINDS, type EmailKind } from '../../../shared/schemas/emails'
import type { Db } from '../../db/client'
import { emailOptOut, user } from '../../db/schema'
import { AppError } from '../../errors'
import { actingAs, recordAudit, userActor, type AuditContext } from '../audit-log'

/** The kinds a learner has turned off. */
export async function optedOutKinds(db: Pick<Db, 'select'>, userId: string): Promise<EmailKind[]> {
  const rows = await db.select({ kind: emailOptOut.kind }).from(emailOptOut).where(eq(emailOptOut.userId, userId))
  return rows.map((row) => row.kind as EmailKind)
}

async function recipient(db: Db, userId: string) {
  const [found] = await db.select({ id: user.id, email: user.email, name: user.name, role: user.role }).from(user).where(eq(user.id, userId))
  if (!found) throw new AppError('NOT_FOUND', 'This link is no longer valid: the account does not exist.')
  return found
}

/** The account a signed link names, for the preferences page. */
export const preferencesRecipient = recipient

/** The one-click unsubscribe: that kind stops now; audited as the learner's own act (the link is theirs). */
export async function unsubscribe(db: Db, userId: string, kind: EmailKind, audit: AuditContext): Promise<void> {
  const person = await recipient(db, userId)
  await db.transaction(async (tx) => {
    const added = await tx.insert(emailOptOut).values({ userId, kind }).onConflictDoNothing().returning({ kind: emailOptOut.kind })
    if (added.length > 0) await recordAudit(tx, actingAs(audit, userActor(person)), { action: 'email_unsubscribed', target: { id: person.id, email: person.email }, detail: { emails: kind } })
  })
}

/** The preferences page's save: exactly `wanted` of the kinds are sent from now on. */
export async function setPreferences(db: Db, userId: string, wanted: readonly EmailKind[], audit: AuditContext): Promise<void> {
  const person = await recipient(db, userId)
  const off = EMAIL_KINDS.filter((kind) => !wanted.includes(kind))
  await db.transaction(async (tx) => {
    await tx.delete(emailOptOut).where(and(eq(emailOptOut.userId, userId), inArray(emailOptOut.kind, [...wanted])))
    if (off.length > 0) await tx.insert(emailOptOut).values(off.map((kind) => ({ userId, kind }))).onConflictDoNothing()
    await recordAudit(tx, actingAs(audit, userActor(person)), { action: 'email_preferences_changed', target: { id: person.id, email: person.email }, detail: { emails: wanted.join(', ') } })
  })
}
