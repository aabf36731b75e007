import { Hono } from 'hono'
import { ChangePasswordSchema } from '../../shared/schemas/auth'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { changePassword } from '../services/passwords'
import { getProfile } from '../services/profile'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/** The signed-in user's own record: readable, and the password changeable, even while locked. */
export function createProfileRoutes({ db, env, guards }: AppDeps): ApiRoutes {
  const profileOf = (id: string) => getProfile(db, { id }, env.requireAdminTwoFactor)
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireSession)
    .get('/', async (c) => c.json(await profileOf(c.var.user.id)))
    .put('/password', validate('json', ChangePasswordSchema), async (c) => {
      await changePassword(db, c.var.user, c.req.valid('json'))
      return c.json(await profileOf(c.var.user.id))
    })
  return { path: '/api/profile', routes }
}
