import { Hono } from 'hono'
import { CourseScheduleSchema } from '../../shared/schemas/course-schedule'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import { saveCourseSchedule, scheduleSettings } from '../services/course-schedule'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/** The course's schedule, set by an admin (docs/decisions/0090-course-schedule.md). Admin only. */
export function createAdminScheduleRoutes({ db, env, guards, courseStore }: AppDeps): ApiRoutes {
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/', (c) => c.json(scheduleSettings(courseStore)))
    .put('/', validate('json', CourseScheduleSchema), async (c) =>
      c.json(await saveCourseSchedule(db, courseStore, c.req.valid('json'), auditContextOf(c, env.trustProxy, c.var.user))),
    )
  return { path: '/api/admin/schedule', routes }
}
