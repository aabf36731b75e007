import { Hono } from 'hono'
import type { z } from 'zod'
import { ModuleCompletionSchema, ModuleRefParamSchema } from '../../shared/schemas/progress'
import type { AuthedWithProgressEnv } from '../auth/guards'
import { isOnPostgres } from '../db/client'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import {
  completionNeedsChecks,
  getProgress,
  resetProgress,
  resolveModuleRef,
  setModuleCompleted,
  toCourseProgress,
  toggleInSession,
} from '../services/progress-write'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/** What the toggle's validators hand on, for its session statement. */
type ToggleInput = { out: { param: z.output<typeof ModuleRefParamSchema>; json: z.output<typeof ModuleCompletionSchema> } }

/**
 * The signed-in learner's own module progress (docs/decisions/0002-progress-on-the-server.md), over
 * the published course (docs/decisions/0036-course-changes-and-progress.md); nobody else's is reachable.
 */
export function createProgressRoutes({ db, env, guards, courseStore }: AppDeps): ApiRoutes {
  // On PostgreSQL the session check reads the progress too, and for a write, writes it first: one
  // round trip for the dashboard's read and for the completion toggle
  // (docs/decisions/0064-progress-read-in-one-statement.md, 0073-progress-write-in-one-round-trip.md).
  // PGlite, in process, has no round trip to save and keeps the separate statements.
  const onPostgres = isOnPostgres(db)
  const requireUserForRead = onPostgres ? guards.requireUserWithProgress : guards.requireUser
  // Hono runs a path's handlers in the order they were added: the read and the toggle answer
  // before the `use` below, which guards everything else under /api/progress, unknown paths included.
  const routes = new Hono<AuthedWithProgressEnv>()
    .get('/', requireUserForRead, async (c) => {
      const course = courseStore.current()
      const rows = c.var.progressRows
      return c.json(rows ? toCourseProgress(course, rows) : await getProgress(db, course, c.var.user.id))
    })
    .put(
      '/:module',
      guards.requireSignedCookie,
      validate('param', ModuleRefParamSchema),
      validate('json', ModuleCompletionSchema),
      guards.requireUserWithProgressFrom<AuthedWithProgressEnv, '/:module', ToggleInput>((c, token) => {
        if (!onPostgres) return undefined
        const course = courseStore.current()
        const moduleId = resolveModuleRef(course, c.req.valid('param').module)
        const { completed } = c.req.valid('json')
        return completionNeedsChecks(course, moduleId, completed) ? undefined : toggleInSession(db, token, moduleId, completed)
      }),
      async (c) => {
        const course = courseStore.current()
        const written = c.var.progressRows
        if (written) return c.json(toCourseProgress(course, written))
        const moduleId = resolveModuleRef(course, c.req.valid('param').module)
        return c.json(await setModuleCompleted(db, course, c.var.user, moduleId, c.req.valid('json').completed))
      },
    )
    .use(guards.requireUser)
    .delete('/', async (c) =>
      c.json(await resetProgress(db, courseStore.current(), c.var.user, auditContextOf(c, env.trustProxy, c.var.user))),
    )
  return { path: '/api/progress', routes }
}
