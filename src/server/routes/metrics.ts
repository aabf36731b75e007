import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { requestHeader } from '../node-http'
import type { Metrics } from '../observability/metrics'
import type { ApiRoutes } from './api-routes'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Compared as digests of equal length, in constant time: the answer's timing says nothing of the token. */
function holdsToken(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1] ?? ''
  return timingSafeEqual(digest(presented), digest(token))
}

/**
 * Prometheus's scrape address (METRICS=on), for a scraper holding METRICS_TOKEN
 * (docs/decisions/0043-metrics-behind-a-token.md). Off, it is a 404 like any unknown API address.
 */
export function createMetricsRoutes({ env }: AppDeps, metrics: Metrics | undefined): ApiRoutes {
  const routes = new Hono().get('/', async (c) => {
    if (!env.metrics.enabled || !metrics) throw new AppError('NOT_FOUND', 'Not found')
    if (!holdsToken(requestHeader(c, 'authorization'), env.metrics.token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      throw new AppError('UNAUTHORIZED', 'Send the metrics token as "Authorization: Bearer <token>".')
    }
    c.header('Cache-Control', 'no-store')
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType })
  })
  return { path: '/metrics', routes }
}
