import { randomBytes } from 'node:crypto'
import { signDelivery } from '../services/webhook-signature'

type Requestable = { request: (url: string, init: RequestInit) => Response | Promise<Response> }

/**
 * A purchase event as the marketplace delivers it to `app`: JSON, timestamped now and signed with
 * `secret`; a fresh order id unless given.
 */
export function deliverPurchase(
  app: Requestable,
  secret: string,
  { event, email, orderId = `T-${randomBytes(4).toString('hex')}`, fullName }: { event: string; email: string; orderId?: string; fullName?: string },
): Promise<Response> {
  const body = JSON.stringify({ event, orderId, email, ...(fullName === undefined ? {} : { fullName }) })
  const timestamp = String(Math.floor(Date.now() / 1000))
  return Promise.resolve(
    app.request('/api/integrations/purchases', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signDelivery(secret, timestamp, body) },
      body,
    }),
  )
}
