import { Hono } from 'hono'
import { ModuleCompletionSchema, ModuleRefParamSchema } from '../../shared/schemas/progress'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import { getProgress, resetProgress, resolveModuleRef, setModuleCompleted } from '../services/progress'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/**
 * The signed-in learner's own module progress (docs/decisions/0002-progress-on-the-server.md), over
 * the published course (docs/decisions/0036-course-changes-and-progress.md); nobody else's is reachable.
 */
export function createProgressRoutes({ db, env, guards, courseStore }: AppDeps): ApiRoutes {
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireUser)
    .get('/', async (c) => c.json(await getProgress(db, courseStore.current(), c.var.user.id)))
    .put('/:module', validate('param', ModuleRefParamSchema), validate('json', ModuleCompletionSchema), async (c) => {
      const course = courseStore.current()
      const moduleId = resolveModuleRef(course, c.req.valid('param').module)
      const { completed } = c.req.valid('json')
      return c.json(await setModuleCompleted(db, course, c.var.user, moduleId, completed))
    })
    .delete('/', async (c) =>
      c.json(await resetProgress(db, courseStore.current(), c.var.user, auditContextOf(c, env.trustProxy, c.var.user))),
    )
  return { path: '/api/progress', routes }
}
