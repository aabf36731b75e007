import { Hono } from 'hono'
import { CertificatePolicySchema } from '../../shared/schemas/certificate-policy'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import { readCertificatePolicy, saveCertificatePolicy } from '../services/certificate-renewal'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/** How long certificates are valid (docs/decisions/0094-certificate-renewal.md). Admin only. */
export function createAdminCertificatePolicyRoutes({ db, env, guards }: AppDeps): ApiRoutes {
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/', async (c) => c.json(await readCertificatePolicy(db)))
    .put('/', validate('json', CertificatePolicySchema), async (c) =>
      c.json(await saveCertificatePolicy(db, c.req.valid('json'), auditContextOf(c, env.trustProxy, c.var.user))),
    )
  return { path: '/api/admin/certificate-policy', routes }
}
