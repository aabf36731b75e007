import { Hono } from 'hono'
import { ModuleNumberParamSchema } from '../../shared/schemas/progress'
import type { AuthedEnv } from '../auth/guards'
import { learnerOptionIds } from '../course/learner-option-ids'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'
import { assertModuleOpen, learnerSchedule } from '../services/module-schedule'
import { MODULE_NOT_FOUND_MESSAGE } from '../../shared/messages'

/**
 * The published course as learners read it, from the version this process holds in memory
 * (docs/decisions/0035-course-content-in-the-database.md). Each answer is taken from one
 * `current()`, so it is all one version, and says which.
 */
export function createCourseRoutes({ db, guards, courseStore, authSecret }: AppDeps): ApiRoutes {
  const optionIds = learnerOptionIds(authSecret)
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireUser)
    .get('/', (c) => c.json(courseStore.current().learnerCatalog))
    // The schedule as it applies to this learner; the browser works out each module's lock from it and the progress.
    .get('/schedule', async (c) => c.json(await learnerSchedule(db, courseStore.schedule(), c.var.user.id)))
    .get('/modules/:moduleNumber', validate('param', ModuleNumberParamSchema), async (c) => {
      const course = courseStore.current()
      const module = course.learnerModules[c.req.valid('param').moduleNumber - 1]
      if (!module) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND_MESSAGE)
      // A module the schedule has not opened: the reason, never the content (docs/decisions/0090-course-schedule.md).
      await assertModuleOpen(db, course, courseStore.schedule(), c.var.user.id, module.id)
      // Its knowledge check's option ids are the learner's own (docs/decisions/0083-knowledge-check-review-options.md).
      return c.json(optionIds.module(c.var.user.id, module))
    })
  return { path: '/api/course', routes }
}
