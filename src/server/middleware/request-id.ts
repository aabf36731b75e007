import type { MiddlewareHandler } from 'hono'
import { nodeResponse, requestHeader } from '../node-http'

const MAX_LENGTH = 128
const NOT_PLAIN = /[^\w\-=]/

/**
 * Every request's id, in `c.get('requestId')` and the answer's X-Request-Id. A proxy's id is kept
 * when it is a short plain token, so one id follows a request through both logs; otherwise a new
 * UUID (hono/request-id's rule). Read from and written to Node's own request and response, as the
 * security headers are: Hono's header helpers would build WHATWG `Headers` objects on both sides of
 * every request (docs/decisions/0072-log-lines-one-write-per-turn.md).
 */
export function requestId(): MiddlewareHandler {
  return async (c, next) => {
    const given = requestHeader(c, 'x-request-id')
    const id = given && given.length <= MAX_LENGTH && !NOT_PLAIN.test(given) ? given : crypto.randomUUID()
    c.set('requestId', id)
    const outgoing = nodeResponse(c)
    if (outgoing) outgoing.setHeader('X-Request-Id', id)
    else c.header('X-Request-Id', id)
    await next()
  }
}

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string
  }
}
