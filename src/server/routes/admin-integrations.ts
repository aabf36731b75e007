import { Hono } from 'hono'
import { DeliveriesQuerySchema } from '../../shared/schemas/integrations'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { listDeliveries } from '../services/purchase-deliveries'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'
import { PURCHASE_WEBHOOK_PATH } from './purchase-webhook'

/** The Integrations section: where the marketplace sends purchases, and what it sent. Admin-only. */
export function createAdminIntegrationRoutes({ db, env, guards }: AppDeps): ApiRoutes {
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/purchases', validate('query', DeliveriesQuerySchema), async (c) =>
      c.json(
        await listDeliveries(db, c.req.valid('query').page, {
          endpointUrl: env.absoluteUrl(PURCHASE_WEBHOOK_PATH),
          // Whether a secret is set, never the secret.
          isConfigured: Boolean(env.webhookSecret),
        }),
      ),
    )
  return { path: '/api/admin/integrations', routes }
}
