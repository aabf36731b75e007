import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '../errors'
import { requestHeader } from '../node-http'

/** The largest request body the API reads, unless a route sets its own limit. */
export const MAX_BODY_BYTES = 100 * 1024

/** The API's 413 message, in the unit it is set in. */
const BODY_TOO_LARGE_MESSAGE = `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`

/** Hono's body limit, answering 413 in the one error shape with `message`. */
export function limitBody(maxBytes: number, message: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', message)
    },
  })
}

/**
 * The API-wide limit, for every `/api/*` request but those whose route limits its own body
 * (`exemptPaths`, each with everything under it: tus PATCHes `…/uploads/:id`). GET and HEAD carry no body the app reads. Hono's bodyLimit looks for the body
 * first, which makes @hono/node-server build a full WHATWG Request (docs/performance.md), so a
 * declared Content-Length is checked here, and Node's parser never reads more than it declares;
 * a chunked body goes through bodyLimit.
 */
export function apiBodyLimit(exemptPaths: readonly string[]): MiddlewareHandler {
  const message = BODY_TOO_LARGE_MESSAGE
  const isExempt = (path: string) => exemptPaths.some((exempt) => path === exempt || path.startsWith(`${exempt}/`))
  const chunkedLimit = limitBody(MAX_BODY_BYTES, message)
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || isExempt(c.req.path)) return next()
    const declaredLength = requestHeader(c, 'content-length')
    if (declaredLength === undefined || requestHeader(c, 'transfer-encoding') !== undefined) return chunkedLimit(c, next)
    if (Number(declaredLength) > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', message)
    return next()
  }
}
