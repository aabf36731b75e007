import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import { checkReadiness } from '../services/health'
import type { ApiRoutes } from './api-routes'

/**
 * Health checks for load balancers and orchestrators, open to anyone and saying nothing private:
 * `live` answers while the process runs, `ready` once the database answers and is fully migrated
 * (a 503 otherwise, and from SIGTERM on, while the process finishes its requests). `/api/health` itself stays, as `live`, for the benchmarks and older checks.
 */
export function createHealthRoutes({ db, isDraining = () => false }: AppDeps): ApiRoutes {
  const routes = new Hono()
    .get('/', (c) => c.json({ status: 'ok' }))
    .get('/live', (c) => c.json({ status: 'ok' }))
    .get('/ready', async (c) => {
      await checkReadiness(db, isDraining())
      return c.json({ status: 'ready' })
    })
  return { path: '/api/health', routes }
}
