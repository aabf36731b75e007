import type { MiddlewareHandler } from 'hono'
import { AppError } from '../errors'
import { requestHeader } from '../node-http'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The portal's public origin, and the origin the request itself was addressed to. */
export function allowedOrigins(request: Request, publicUrl: string): string[] {
  return [new URL(publicUrl).origin, new URL(request.url).origin]
}

/**
 * CSRF defence for every state-changing request, auth and app alike: a browser always sends
 * Origin on such requests, so a foreign Origin is refused, and so is a cookie-bearing request
 * without one. Cookie-less server-to-server calls (the purchase webhook) have no ambient
 * authority to abuse and pass. `exemptPaths` are answered whatever the Origin: the one-click
 * unsubscribe (RFC 8058), which a mail provider or mail client POSTs from anywhere, and which
 * carries its own authority, a signed link, and uses no cookie (docs/decisions/0089-email-journeys.md).
 */
export function sameOrigin(publicUrl: string, exemptPaths: readonly string[] = []): MiddlewareHandler {
  // The public origin answers almost every request: it is parsed once, and the request's own URL
  // only when the Origin is another one (docs/performance.md, figure 2).
  const publicOrigin = new URL(publicUrl).origin
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.includes(c.req.path)) return next()
    const origin = requestHeader(c, 'origin')
    const isAllowed = origin ? origin === publicOrigin || allowedOrigins(c.req.raw, publicUrl).includes(origin) : !requestHeader(c, 'cookie')
    if (!isAllowed) throw new AppError('CSRF_REJECTED', 'This request came from another site and was refused.')
    return next()
  }
}
