import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, isNull, notInArray } from 'drizzle-orm'
import type { PurchaseDelivery, PurchaseIntegration } from '../../shared/api-types'
import { toPage } from '../../shared/paging'
import { toStorableText } from '../../shared/schemas/fields'
import type { PurchaseWebhookInput } from '../../shared/schemas/integrations'
import type { Db } from '../db/client'
import { purchaseEvent } from '../db/schema'

/** Results that claim nothing: the order's event can still be delivered and handled. */
export const UNCLAIMED_RESULTS = ['rejected', 'failed']

/** The first, handled delivery of an order's event (what the partial unique index keeps unique). */
export const isClaim = and(isNull(purchaseEvent.replayOf), notInArray(purchaseEvent.result, UNCLAIMED_RESULTS))

export async function findClaim(db: Db, orderId: string, event: string) {
  const [claim] = await db
    .select({ id: purchaseEvent.id, result: purchaseEvent.result, userId: purchaseEvent.userId })
    .from(purchaseEvent)
    .where(and(eq(purchaseEvent.orderId, orderId), eq(purchaseEvent.event, event), isClaim))
    .limit(1)
  return claim
}

export type Claim = NonNullable<Awaited<ReturnType<typeof findClaim>>>

/** A repeat of a handled delivery: recorded, nothing done again. */
export async function recordReplay(db: Db, input: PurchaseWebhookInput, claim: Claim) {
  await db.insert(purchaseEvent).values({
    id: randomUUID(),
    orderId: input.orderId,
    event: input.event,
    email: input.email,
    userId: claim.userId,
    result: 'duplicate',
    replayOf: claim.id,
  })
}

/** A refused body's field, kept for the admin: short, and storable (PostgreSQL refuses NUL in text). */
const clip = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number'
    ? toStorableText(Array.from(String(value)).slice(0, 200).join(''))
    : ''

/**
 * A signed delivery whose body was refused, or whose handling failed: recorded with whatever it
 * named, so an admin setting up the marketplace sees why. Unsigned deliveries are not recorded
 * (anyone could fill the table); the server log has them.
 */
export async function recordUnhandled(db: Db, body: unknown, result: 'rejected' | 'failed', detail: string) {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  await db.insert(purchaseEvent).values({
    id: randomUUID(),
    orderId: clip(fields.orderId),
    event: clip(fields.event),
    email: clip(fields.email),
    result,
    detail: detail.slice(0, 500),
  })
}

export const DELIVERIES_PAGE_SIZE = 50

/** The newest deliveries first, a page at a time, for the admin panel's Integrations section. */
export async function listDeliveries(
  db: Db,
  page: number,
  endpoint: { endpointUrl: string; isConfigured: boolean },
): Promise<PurchaseIntegration> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(purchaseEvent)
      .orderBy(desc(purchaseEvent.receivedAt), desc(purchaseEvent.id))
      .limit(DELIVERIES_PAGE_SIZE)
      .offset((page - 1) * DELIVERIES_PAGE_SIZE),
    db.select({ total: count() }).from(purchaseEvent),
  ])
  const total = Number(counted?.total ?? 0)
  const deliveries: PurchaseDelivery[] = rows.map((row) => ({
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    event: row.event,
    orderId: row.orderId,
    email: row.email,
    result: row.result,
    replayOf: row.replayOf,
    detail: row.detail,
  }))
  return { ...endpoint, deliveries, ...toPage(total, page, DELIVERIES_PAGE_SIZE) }
}
