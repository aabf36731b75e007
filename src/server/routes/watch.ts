import { Hono } from 'hono'
import { z } from 'zod'
import { ModuleIdSchema } from '../../shared/course/schema'
import { WatchReportSchema } from '../../shared/schemas/watch'
import type { WatchReport } from '../../shared/media'
import type { AuthedWithRowEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { assertModuleOpen } from '../services/module-schedule'
import { getModuleWatch, reportWatch, watchReadInSession, type SessionRowWithWatch, type WatchRead } from '../services/watch'
import { validate, validationError } from '../validation'
import type { ApiRoutes } from './api-routes'

const ModuleParamSchema = z.object({ moduleId: ModuleIdSchema })
const LessonParamSchema = z.object({ moduleId: ModuleIdSchema, lessonId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Lesson id must be 1 to 64 letters, digits, - or _') })

/**
 * The signed-in learner's own watching (docs/decisions/0055-watch-tracking.md). `PUT` is the
 * player's regular report; `POST` takes the same JSON sent as text/plain, which is what
 * `navigator.sendBeacon` sends on `pagehide`. The same-origin check applies to both.
 */
export function createWatchRoutes({ db, guards, courseStore }: AppDeps): ApiRoutes {
  const report = async (userId: string, params: z.infer<typeof LessonParamSchema>, watched: WatchReport, readInSession: WatchRead | undefined) => {
    const course = courseStore.current()
    // No watch credit for a module the schedule has not opened (docs/decisions/0090-course-schedule.md).
    await assertModuleOpen(db, course, courseStore.schedule(), userId, params.moduleId)
    return reportWatch(db, course, userId, params.moduleId, params.lessonId, watched, { readInSession })
  }
  // A report's session check makes its first read too (PostgreSQL). It runs before the path is
  // validated, so that a signed-out caller is told to sign in first: for ids that would be refused
  // it declines, and the plain session check runs.
  const readInSession = watchReadInSession(db)
  const requireUserReading = guards.requireUserWith<SessionRowWithWatch, '/:moduleId/:lessonId'>(
    readInSession &&
      ((token, c) => {
        const params = LessonParamSchema.safeParse(c.req.param())
        return params.success ? readInSession(token, params.data.moduleId, params.data.lessonId) : undefined
      }),
  )
  // Hono runs a path's handlers in the order they were added: the reports answer before the
  // `use` below, which guards everything else under /api/watch.
  const routes = new Hono<AuthedWithRowEnv<SessionRowWithWatch>>()
    .put('/:moduleId/:lessonId', requireUserReading, validate('param', LessonParamSchema), validate('json', WatchReportSchema), async (c) =>
      c.json(await report(c.var.user.id, c.req.valid('param'), c.req.valid('json'), c.var.sessionRow)),
    )
    .post('/:moduleId/:lessonId', requireUserReading, validate('param', LessonParamSchema), async (c) => {
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        throw new AppError('BAD_REQUEST', 'The report must be JSON.')
      }
      const parsed = WatchReportSchema.safeParse(body)
      if (!parsed.success) throw validationError(parsed.error)
      return c.json(await report(c.var.user.id, c.req.valid('param'), parsed.data, c.var.sessionRow))
    })
    .use(guards.requireUser)
    .get('/:moduleId', validate('param', ModuleParamSchema), async (c) =>
      c.json(await getModuleWatch(db, courseStore.current(), c.var.user.id, c.req.valid('param').moduleId)),
    )
  return { path: '/api/watch', routes }
}
