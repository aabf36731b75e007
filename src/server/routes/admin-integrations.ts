import { Hono } from 'hono'
import { DeliveriesQuerySchema } from '../../shared/schemas/integrations'
import type { AppDeps } from '../app'
import type { AuthedEnv } from '../auth/guards'
import { listDeliveries } from '../services/purchase-deliveries'
import { validate } from '../validation'

export const PURCHASE_WEBHOOK_PATH = '/api/integrations/purchases'

/** The Integrations section: where the marketplace sends purchases, and what it sent. Admin-only. */
export function createAdminIntegrationRoutes({ db, env, guards }: AppDeps) {
  return new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/purchases', validate('query', DeliveriesQuerySchema), async (c) =>
      c.json(
        await listDeliveries(db, c.req.valid('query').page, {
          endpointUrl: `${env.publicUrl}${PURCHASE_WEBHOOK_PATH}`,
          // Whether a secret is set, never the secret.
          isConfigured: Boolean(env.webhookSecret),
        }),
      ),
    )
}
