import { Hono } from 'hono'
import type { z } from 'zod'
import { ModuleCompletionSchema, ModuleRefParamSchema } from '../../shared/schemas/progress'
import type { AuthedWithProgressEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import { progressReadInSession, readProgress } from '../services/progress-read'
import { progressToggleInSession, resetProgress, toggleProgress } from '../services/progress-write'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/** What the toggle's validators hand on, for its session statement. */
type ToggleInput = { out: { param: z.output<typeof ModuleRefParamSchema>; json: z.output<typeof ModuleCompletionSchema> } }

/**
 * The signed-in learner's own module progress (docs/decisions/0002-progress-on-the-server.md), over
 * the published course (docs/decisions/0036-course-changes-and-progress.md); nobody else's is reachable.
 * The read and the toggle are the one optimised path of the API: each is two calls of the progress
 * service, the session statement its guard uses and the answer, and the service alone decides what
 * each database does (docs/decisions/0078-progress-service-entry-points-and-parity-tests.md).
 */
export function createProgressRoutes({ db, env, guards, courseStore }: AppDeps): ApiRoutes {
  const readInSession = progressReadInSession(db)
  const toggleInSession = progressToggleInSession(db)
  // Hono runs a path's handlers in the order they were added: the read and the toggle answer
  // before the `use` below, which guards everything else under /api/progress, unknown paths included.
  const routes = new Hono<AuthedWithProgressEnv>()
    .get('/', guards.requireUserWithProgressFrom(readInSession), async (c) =>
      c.json(await readProgress(db, courseStore.current(), c.var.user.id, c.var.progressRows)),
    )
    .put(
      '/:module',
      guards.requireSignedCookie,
      validate('param', ModuleRefParamSchema),
      validate('json', ModuleCompletionSchema),
      guards.requireUserWithProgressFrom<AuthedWithProgressEnv, '/:module', ToggleInput>(
        toggleInSession &&
          ((token, c) =>
            toggleInSession(token, courseStore.current(), courseStore.schedule(), c.req.valid('param').module, c.req.valid('json').completed)),
      ),
      async (c) => {
        const { module } = c.req.valid('param')
        const { completed } = c.req.valid('json')
        return c.json(await toggleProgress(db, courseStore.current(), courseStore.schedule(), c.var.user, module, completed, c.var.progressRows))
      },
    )
    .use(guards.requireUser)
    .delete('/', async (c) =>
      c.json(await resetProgress(db, courseStore.current(), c.var.user, auditContextOf(c, env.trustProxy, c.var.user))),
    )
  return { path: '/api/progress', routes }
}
