import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes, routePath } from 'hono/route'
import { requestLogger } from './logger'
import type { Metrics } from './metrics'

/**
 * One log line per request, written when the answer is ready: its id, method, route pattern
 * (never the raw path, which may carry a token), status and duration. Nothing of its headers or
 * body is logged (docs/decisions/0042-structured-logs-and-request-ids.md).
 */
export function requestLog(metrics: Metrics | undefined): MiddlewareHandler {
  return async (c, next) => {
    const startedAt = performance.now()
    await next()
    const seconds = (performance.now() - startedAt) / 1000
    const route = routePatternOf(c)
    const { status } = c.res
    metrics?.observeRequest(c.req.method, route, status, seconds)
    if (!requestLogger.isLevelEnabled('info')) return
    const line = { requestId: c.get('requestId'), method: c.req.method, route, status, durationMs: Math.round(seconds * 10_000) / 10 }
    if (status >= 500) requestLogger.error(line, 'request failed')
    else requestLogger.info(line, 'request')
  }
}

/**
 * The pattern of the endpoint the request was for, even when a middleware (a guard, the origin
 * check) answered before it: the first matched route that is neither middleware nor a catch-all.
 * Failing that (no such endpoint), the pattern of whatever answered: `/api/*`, or `*` for a page.
 */
function routePatternOf(c: Context): string {
  const endpoint = matchedRoutes(c).find((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
  // After next(), the route index is that of the handler that answered.
  return endpoint?.path ?? routePath(c)
}
