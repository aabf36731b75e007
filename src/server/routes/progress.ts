import { Hono } from 'hono'
import { ModuleCompletionSchema, ModuleNumberParamSchema } from '../../shared/schemas/progress'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { getProgress, resetProgress, setModuleCompleted } from '../services/progress'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/** The signed-in learner's own module progress (docs/decisions/0002-progress-on-the-server.md); nobody else's is reachable. */
export function createProgressRoutes({ db, guards }: AppDeps): ApiRoutes {
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireUser)
    .get('/', async (c) => c.json(await getProgress(db, c.var.user.id)))
    .put(
      '/:moduleNumber',
      validate('param', ModuleNumberParamSchema),
      validate('json', ModuleCompletionSchema),
      async (c) => {
        const { moduleNumber } = c.req.valid('param')
        const { completed } = c.req.valid('json')
        return c.json(await setModuleCompleted(db, c.var.user, moduleNumber, completed))
      },
    )
    .delete('/', async (c) => c.json(await resetProgress(db, c.var.user.id)))
  return { path: '/api/progress', routes }
}
