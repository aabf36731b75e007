import { Hono } from 'hono'
import { ChangePasswordSchema } from '../../shared/schemas/auth'
import { SessionIdParamSchema } from '../../shared/schemas/sessions'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import { changePassword } from '../services/passwords'
import { exportPersonalData, PERSONAL_DATA_FILE_NAME } from '../services/personal-data'
import { getProfile } from '../services/profile'
import { endOtherSessions, endOwnSession, listSessions } from '../services/sessions'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/**
 * The signed-in user's own record: readable, and the password changeable, even while locked; and
 * everything the portal holds about them, as a download, and their sessions (the Security page).
 */
export function createProfileRoutes({ db, env, guards, courseStore }: AppDeps): ApiRoutes {
  const profileOf = (id: string) => getProfile(db, { id }, env.requireAdminTwoFactor)
  const routes = new Hono<AuthedEnv>()
    .get('/', guards.requireSession, async (c) => c.json(await profileOf(c.var.user.id)))
    .put('/password', guards.requireSession, validate('json', ChangePasswordSchema), async (c) => {
      await changePassword(db, c.var.user, c.req.valid('json'), auditContextOf(c, env.trustProxy, c.var.user))
      return c.json(await profileOf(c.var.user.id))
    })
    // Not while a temporary password is still to be replaced: the lock lets through the profile
    // and the password change only (docs/decisions/0008-server-enforcement.md).
    .get('/export', guards.requireUser, async (c) => {
      const data = await exportPersonalData(db, env, courseStore.current(), c.var.user)
      return c.json(data, 200, {
        'content-disposition': `attachment; filename="${PERSONAL_DATA_FILE_NAME}"`,
        'cache-control': 'private, no-store',
      })
    })
    // Where the user is signed in, and ending those sessions (docs/decisions/0085-session-list.md).
    .get('/sessions', guards.requireUser, async (c) => c.json(await listSessions(db, c.var.user)))
    .delete('/sessions', guards.requireUser, async (c) =>
      c.json(await endOtherSessions(db, c.var.user, auditContextOf(c, env.trustProxy, c.var.user))),
    )
    .delete('/sessions/:sessionId', guards.requireUser, validate('param', SessionIdParamSchema), async (c) => {
      await endOwnSession(db, c.var.user, c.req.valid('param').sessionId, auditContextOf(c, env.trustProxy, c.var.user))
      return c.body(null, 204)
    })
  return { path: '/api/profile', routes }
}
