import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

const StatusListParams = z.object({ list: z.coerce.number().int().min(1).max(100_000) })

/**
 * The revocation status lists the credentials point at (Bitstring Status List), signed by the
 * portal like the credentials: public, as any verifier must read them.
 */
export function createCredentialRoutes({ db, env }: AppDeps): ApiRoutes {
  const routes = new Hono().get('/status/:list', validate('param', StatusListParams), async (c) => {
    const { statusListCredential } = await import('../credentials/status-list')
    const credential = await statusListCredential(db, env, c.req.valid('param').list)
    if (!credential) throw new AppError('NOT_FOUND', 'No such status list')
    c.header('Cache-Control', 'no-cache')
    return c.body(JSON.stringify(credential), 200, { 'content-type': 'application/vc+ld+json' })
  })
  return { path: '/api/credentials', routes }
}
