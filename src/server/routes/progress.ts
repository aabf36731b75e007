import { Hono } from 'hono'
import { ModuleCompletionSchema, ModuleRefParamSchema } from '../../shared/schemas/progress'
import type { AuthedWithProgressEnv } from '../auth/guards'
import { isOnPostgres } from '../db/client'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import { getProgress, resetProgress, resolveModuleRef, setModuleCompleted, toCourseProgress } from '../services/progress'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/**
 * The signed-in learner's own module progress (docs/decisions/0002-progress-on-the-server.md), over
 * the published course (docs/decisions/0036-course-changes-and-progress.md); nobody else's is reachable.
 */
export function createProgressRoutes({ db, env, guards, courseStore }: AppDeps): ApiRoutes {
  // On PostgreSQL the session check reads the progress too: one round trip for the dashboard's
  // main read (docs/decisions/0064-progress-read-in-one-statement.md). PGlite, in process, has no
  // round trip to save and keeps the two reads.
  const requireUserForRead = isOnPostgres(db) ? guards.requireUserWithProgress : guards.requireUser
  // Hono runs a path's handlers in the order they were added: the read answers before the
  // `use` below, which guards everything else under /api/progress, unknown paths included.
  const routes = new Hono<AuthedWithProgressEnv>()
    .get('/', requireUserForRead, async (c) => {
      const course = courseStore.current()
      const rows = c.var.progressRows
      return c.json(rows ? toCourseProgress(course, rows) : await getProgress(db, course, c.var.user.id))
    })
    .use(guards.requireUser)
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
