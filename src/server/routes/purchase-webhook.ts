import { Hono } from 'hono'
import { PurchaseWebhookSchema } from '../../shared/schemas/integrations'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { auditContextOf } from '../middleware/audit-context'
import { recordUnhandled } from '../services/purchase-deliveries'
import { handlePurchase } from '../services/purchases'
import { checkDelivery, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../services/webhook-signature'
import { validationError } from '../validation'
import type { ApiRoutes } from './api-routes'
import { logger } from '../observability/logger'

/** Where the marketplace sends its deliveries (the Integrations section shows it to admins). */
export const PURCHASE_WEBHOOK_PATH = '/api/integrations/purchases'

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Not found')

/**
 * `POST /api/integrations/purchases`, called by the marketplace, not a browser: no session, a
 * signature instead (docs/integrations.md). Without WEBHOOK_SECRET it does not exist.
 */
export function createPurchaseWebhookRoutes({ db, mailer, env }: AppDeps): ApiRoutes {
  const routes = new Hono().post('/', async (c) => {
    const secret = env.webhookSecret
    if (!secret) throw NOT_FOUND()
    // The signature covers the exact bytes sent, so they are read before anything parses them.
    const rawBody = new Uint8Array(await c.req.arrayBuffer())
    const check = checkDelivery({
      secret,
      timestamp: c.req.header(TIMESTAMP_HEADER),
      signature: c.req.header(SIGNATURE_HEADER),
      rawBody,
    })
    if (!check.ok) {
      logger.warn({ requestId: c.get('requestId') }, `[purchases] Refused an unsigned or stale delivery: ${check.reason}`)
      throw new AppError('UNAUTHORIZED', check.reason)
    }

    let body: unknown
    try {
      body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody))
    } catch {
      const message = 'The body must be a JSON object.'
      await recordUnhandled(db, undefined, 'rejected', message)
      throw new AppError('BAD_REQUEST', message)
    }
    const parsed = PurchaseWebhookSchema.safeParse(body)
    if (!parsed.success) {
      const error = validationError(parsed.error)
      const reasons = (error.issues ?? []).map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
      await recordUnhandled(db, body, 'rejected', reasons.join('; ') || error.message)
      throw error
    }

    try {
      return c.json(await handlePurchase({ db, mailer, env }, parsed.data, { ...auditContextOf(c, env.trustProxy), actor: { kind: 'webhook' } }))
    } catch (error) {
      await recordUnhandled(db, body, 'failed', 'The delivery could not be handled; nothing changed. A retry may succeed.').catch(
        () => {},
      )
      throw error
    }
  })
  return { path: PURCHASE_WEBHOOK_PATH, routes }
}
