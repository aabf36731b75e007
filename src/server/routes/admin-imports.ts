import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { IMPORT_MAX_BYTES, ImportQuerySchema } from '../../shared/schemas/imports'
import type { AppDeps } from '../app'
import type { AuthedEnv } from '../auth/guards'
import { AppError } from '../errors'
import { importUsers } from '../services/user-import'
import { validate } from '../validation'

export const ADMIN_IMPORTS_PATH = '/api/admin/imports'

/**
 * `POST /api/admin/imports?mode=dry-run|commit&sendLoginDetails=…`, the CSV file as a text/csv
 * body. Admin-only. It has its own body limit (5,000 rows need more than the API's 100 KB).
 */
export function createAdminImportRoutes({ db, auth, mailer, env, guards }: AppDeps) {
  return new Hono<AuthedEnv>().use(guards.requireAdmin).post(
    '/',
    validate('query', ImportQuerySchema),
    bodyLimit({
      maxSize: IMPORT_MAX_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 2 MB.')
      },
    }),
    async (c) => {
      if (!/^text\/(csv|plain)\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.')
      }
      const query = c.req.valid('query')
      const report = await importUsers({ db, auth, mailer, env }, await c.req.text(), query)
      return c.json(report)
    },
  )
}
