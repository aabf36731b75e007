import { Hono } from 'hono'
import { IMPORT_MAX_BYTES, ImportQuerySchema } from '../../shared/schemas/imports'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { auditContextOf } from '../middleware/audit-context'
import { limitBody } from '../middleware/body-limit'
import { importUsers } from '../services/user-import'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

export const ADMIN_IMPORTS_PATH = '/api/admin/imports'

/**
 * `POST /api/admin/imports?mode=dry-run|commit&sendLoginDetails=…`, the CSV file as a text/csv
 * body. Admin-only. It has its own body limit (5,000 rows need more than the API's 100 KB),
 * checked after the guard and the query.
 */
export function createAdminImportRoutes({ db, auth, mailer, env, guards }: AppDeps): ApiRoutes {
  const routes = new Hono<AuthedEnv>().use(guards.requireAdmin).post(
    '/',
    validate('query', ImportQuerySchema),
    limitBody(IMPORT_MAX_BYTES, 'The file is larger than 2 MB.'),
    async (c) => {
      if (!/^text\/(csv|plain)\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.')
      }
      const query = c.req.valid('query')
      const audit = auditContextOf(c, env.trustProxy, c.var.user)
      const report = await importUsers({ db, auth, mailer, env }, await c.req.text(), query, audit)
      return c.json(report)
    },
  )
  return { path: ADMIN_IMPORTS_PATH, routes, limitsOwnBody: true }
}
