import { Hono } from 'hono'
import { ModuleCompletionSchema, ModuleNumberParamSchema } from '../../shared/schemas/progress'
import type { AppDeps } from '../app'
import type { AuthedEnv } from '../auth/guards'
import { getProgress, resetProgress, setModuleCompleted } from '../services/progress'
import { validate } from '../validation'

/** The signed-in learner's own module progress (decision D2); nobody else's is reachable. */
export function createProgressRoutes({ db, guards }: AppDeps) {
  return new Hono<AuthedEnv>()
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
}
