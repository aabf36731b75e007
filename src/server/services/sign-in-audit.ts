import { eq } from 'drizzle-orm'
import type { AuditDetail } from '../../shared/audit'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import { AppError } from '../errors'
import { markActive } from './activity'
import { actingAs, recordAudit, userActor, type AuditContext } from './audit-log'

// Sign-in and sign-out are Better Auth's own writes, committed before its answer reaches the
// portal's route: these entries follow that answer, never a failed action, and are the only
// ones not written in their action's transaction (docs/decisions/0048-audit-log.md).

/** The refusals a sign-in attempt can meet in Better Auth: each is one "Sign-in failed" entry. */
const REFUSALS = new Set(['INVALID_CREDENTIALS', 'ACCOUNT_DISABLED', 'TEMPORARY_PASSWORD_EXPIRED', 'INVALID_CODE', 'SIGN_IN_EXPIRED', 'RATE_LIMITED'])

/**
 * A sign-in is also activity (the reports' latest, the Insights' and the schedule's first): both
 * writes go at once, on PostgreSQL on two connections, so the sign-in waits for one round trip.
 */
export async function recordSignIn(db: Db, context: AuditContext, person: { id: string; email: string }, method: string): Promise<void> {
  await Promise.all([
    markActive(db, person.id),
    recordAudit(db, actingAs(context, userActor(person)), {
      action: 'sign_in',
      target: { id: person.id, email: person.email },
      detail: { method },
    }),
  ])
}

/**
 * One entry for a refused attempt, if `error` is such a refusal: about the account the typed
 * e-mail (or the pending sign-in) belongs to, else about the typed address alone. The password
 * is never stored; the address is capped by recordAudit.
 */
export async function recordFailedSignIn(
  db: Db,
  context: AuditContext,
  error: unknown,
  about: { email: string } | { userId: string | undefined },
  step: 'password' | 'code',
): Promise<void> {
  if (!(error instanceof AppError) || !REFUSALS.has(error.code)) return
  const where = 'email' in about ? eq(user.email, about.email.toLowerCase()) : about.userId ? eq(user.id, about.userId) : undefined
  const [known] = where ? await db.select({ id: user.id, email: user.email }).from(user).where(where).limit(1) : []
  const target = known ?? { id: null, email: 'email' in about ? about.email : null }
  const detail: AuditDetail = { step, reason: error.code }
  await recordAudit(db, context, { action: 'sign_in_failed', target, detail })
}

export async function recordSignOut(db: Db, context: AuditContext, person: { id: string; email: string }): Promise<void> {
  await recordAudit(db, actingAs(context, userActor(person)), { action: 'sign_out', target: { id: person.id, email: person.email } })
}
