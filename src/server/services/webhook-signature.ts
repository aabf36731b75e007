import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_HEADER = 'X-Signature'
export const TIMESTAMP_HEADER = 'X-Timestamp'
/** How far a delivery's timestamp may be from the server's clock, either way. */
export const MAX_SKEW_SECONDS = 5 * 60

/**
 * `sha256=` and the hex HMAC-SHA256, keyed with WEBHOOK_SECRET, of the timestamp, a dot and the
 * raw body bytes. The timestamp is signed too: otherwise a captured delivery could be replayed
 * later with a fresh timestamp header.
 */
export function signDelivery(secret: string, timestamp: string, rawBody: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`
}

type Delivery = {
  secret: string
  timestamp: string | undefined
  signature: string | undefined
  rawBody: Uint8Array
  nowMs?: number
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string }

/** The delivery is the secret holder's, and recent. Constant-time comparison. */
export function checkDelivery({ secret, timestamp, signature, rawBody, nowMs = Date.now() }: Delivery): SignatureCheck {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: `The ${TIMESTAMP_HEADER} header must be the time of sending in Unix seconds.` }
  }
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
    return { ok: false, reason: `The ${TIMESTAMP_HEADER} is more than 5 minutes from the server's time.` }
  }
  const given = /^sha256=([0-9a-f]{64})$/i.exec(signature?.trim() ?? '')?.[1]
  const expected = signDelivery(secret, timestamp, rawBody).slice('sha256='.length)
  if (!given || !timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'))) {
    return { ok: false, reason: `The ${SIGNATURE_HEADER} header is missing or does not match the body.` }
  }
  return { ok: true }
}
