import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { PurchaseWebhookInput } from '../../shared/schemas/integrations'
import type { Db, Tx } from '../db/client'
import { purchaseEvent, user } from '../db/schema'
import type { Env } from '../env'
import type { Mailer } from '../mail/mailer'
import { disableUser, enableUser } from './account-status'
import { recordAudit, type AuditContext } from './audit-log'
import { sendLoginDetails } from './login-details'
import { generateUncommonPassword, hashPassword } from './passwords'
import { findClaim, isClaim, recordReplay } from './purchase-deliveries'
import { insertUserWithPassword } from './users'

/** What a delivery did; a repeated delivery answers its first delivery's result. */
export type PurchaseResult =
  | 'created'
  | 'existing'
  | 'reenabled'
  | 'already_refunded'
  | 'disabled'
  | 'already_disabled'
  | 'no_account'
  | 'admin_kept'

export type PurchaseAnswer = { orderId: string; event: string; result: PurchaseResult; replayed: boolean }

type Deps = { db: Db; mailer: Mailer; env: Pick<Env, 'absoluteUrl' | 'site'> }
type NewLearner = { password: string; hash: string }
type Outcome = { result: PurchaseResult; userId: string | null; newLearner?: NewLearner }

const newLearner = async (): Promise<NewLearner> => {
  const password = generateUncommonPassword()
  return { password, hash: await hashPassword(password) }
}

const lockUserByEmail = async (tx: Tx, email: string) =>
  (await tx.select({ id: user.id, role: user.role, email: user.email }).from(user).where(eq(user.email, email)).for('update'))[0]

/** A purchase: a new learner with a temporary password, or the existing account kept (and re-enabled). */
async function complete(tx: Tx, input: PurchaseWebhookInput, prepared: NewLearner | undefined, audit: AuditContext): Promise<Outcome> {
  // The refund of this order came first (deliveries can arrive out of order): it no longer stands.
  const [refund] = await tx
    .select({ id: purchaseEvent.id })
    .from(purchaseEvent)
    .where(and(eq(purchaseEvent.orderId, input.orderId), eq(purchaseEvent.event, 'purchase.refunded'), isClaim))
    .limit(1)
  if (refund) return { result: 'already_refunded', userId: null }

  const existing = await lockUserByEmail(tx, input.email)
  if (existing) {
    const isReenabled = await enableUser(tx, existing.id)
    if (isReenabled) {
      const target = { id: existing.id, email: existing.email }
      await recordAudit(tx, audit, { action: 'user_enabled', target, detail: { orderId: input.orderId } })
    }
    return { result: isReenabled ? 'reenabled' : 'existing', userId: existing.id }
  }

  // Prepared before the transaction; only an account deleted in the meantime gets here without.
  const learner = prepared ?? (await newLearner())
  const created = await insertUserWithPassword(
    tx,
    { email: input.email, fullName: input.fullName, role: 'user', isTemporary: true },
    learner.hash,
    { context: audit, via: 'webhook' },
  )
  return { result: 'created', userId: created.id, newLearner: learner }
}

/** A refund: the buyer's account is disabled (sessions end, progress stays). Admins are never disabled. */
async function refund(tx: Tx, input: PurchaseWebhookInput, audit: AuditContext): Promise<Outcome> {
  // The account this order created or kept, even if its e-mail has changed since; else by e-mail.
  const purchase = await tx
    .select({ userId: purchaseEvent.userId })
    .from(purchaseEvent)
    .where(and(eq(purchaseEvent.orderId, input.orderId), eq(purchaseEvent.event, 'purchase.completed'), isClaim))
    .limit(1)
  const purchaser = purchase[0]?.userId
  const [target] = purchaser
    ? await tx.select({ id: user.id, role: user.role, email: user.email }).from(user).where(eq(user.id, purchaser)).for('update')
    : [await lockUserByEmail(tx, input.email)]
  if (!target) return { result: 'no_account', userId: null }
  if (target.role === 'admin') return { result: 'admin_kept', userId: target.id }
  const wasEnabled = await disableUser(tx, target.id, `Refund of order ${input.orderId}`)
  if (wasEnabled) {
    await recordAudit(tx, audit, { action: 'user_disabled', target: { id: target.id, email: target.email }, detail: { orderId: input.orderId } })
  }
  return { result: wasEnabled ? 'disabled' : 'already_disabled', userId: target.id }
}

/**
 * Handles one signed delivery, once per order and event: the delivery first claims the order in
 * the same transaction that does the work, so of two identical deliveries at once the unique index
 * lets one through and the other, waiting on it, finds the claim and answers the same result.
 * A failure rolls everything back, claim included, so the marketplace's retry can succeed.
 */
export async function handlePurchase(
  { db, mailer, env }: Deps,
  input: PurchaseWebhookInput,
  audit: AuditContext,
): Promise<PurchaseAnswer> {
  const answer = (result: string, replayed: boolean): PurchaseAnswer => ({
    orderId: input.orderId,
    event: input.event,
    result: result as PurchaseResult,
    replayed,
  })
  const earlier = await findClaim(db, input.orderId, input.event)
  if (earlier) {
    await recordReplay(db, input, earlier)
    return answer(earlier.result, true)
  }

  // Hashing is slow by design (docs/performance.md, figure 3): done before the transaction, and
  // only for a new e-mail.
  const isNewEmail =
    input.event === 'purchase.completed' &&
    (await db.select({ id: user.id }).from(user).where(eq(user.email, input.email)).limit(1)).length === 0
  const prepared = isNewEmail ? await newLearner() : undefined

  const id = randomUUID()
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(purchaseEvent)
      .values({ id, orderId: input.orderId, event: input.event, email: input.email, result: 'processing' })
      .onConflictDoNothing({
        target: [purchaseEvent.orderId, purchaseEvent.event],
        where: sql`${purchaseEvent.replayOf} is null and ${purchaseEvent.result} not in ('rejected', 'failed')`,
      })
      .returning({ id: purchaseEvent.id })
    if (!claimed) return undefined
    const done = input.event === 'purchase.completed' ? await complete(tx, input, prepared, audit) : await refund(tx, input, audit)
    await tx.update(purchaseEvent).set({ result: done.result, userId: done.userId }).where(eq(purchaseEvent.id, id))
    return done
  })
  if (!outcome) {
    const winner = (await findClaim(db, input.orderId, input.event))!
    await recordReplay(db, input, winner)
    return answer(winner.result, true)
  }

  if (outcome.newLearner) {
    // The account exists whatever the mail does; an admin sees a failed e-mail in the deliveries.
    const learner = { id: outcome.userId!, email: input.email }
    const sent = await sendLoginDetails({ db, mailer, env }, learner, outcome.newLearner.password, 'purchases')
    if (sent === 'failed') {
      const detail = "The login details e-mail could not be sent yet; it is retried with a new temporary password. Meanwhile the learner can use 'Forgot your password?' to get in."
      await db.update(purchaseEvent).set({ detail }).where(eq(purchaseEvent.id, id))
    }
  }
  return answer(outcome.result, false)
}
