import { Hono } from 'hono'
import { AttemptSubmissionSchema, KnowledgeCheckParamSchema } from '../../shared/schemas/knowledge-checks'
import type { AuthedEnv } from '../auth/guards'
import { learnerOptionIds } from '../course/learner-option-ids'
import type { AppDeps } from '../deps'
import { getKnowledgeCheckState, listKnowledgeCheckSummaries, submitAttempt } from '../services/knowledge-checks'
import { assertModuleOpen } from '../services/module-schedule'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/**
 * The signed-in learner's own knowledge check attempts (docs/decisions/0052-knowledge-check-attempts.md):
 * marked here, never in the browser, which is sent the questions without their answers, under option
 * ids of the learner's own (docs/decisions/0083-knowledge-check-review-options.md).
 */
export function createKnowledgeCheckRoutes({ db, guards, courseStore, authSecret }: AppDeps): ApiRoutes {
  const optionIds = learnerOptionIds(authSecret)
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireUser)
    .get('/', async (c) => c.json(await listKnowledgeCheckSummaries(db, courseStore.current(), c.var.user.id)))
    .get('/:moduleId', validate('param', KnowledgeCheckParamSchema), async (c) => {
      const course = courseStore.current()
      const { moduleId } = c.req.valid('param')
      // A locked module's questions are its content too (docs/decisions/0090-course-schedule.md).
      await assertModuleOpen(db, course, courseStore.schedule(), c.var.user.id, moduleId)
      return c.json(await getKnowledgeCheckState(db, course, optionIds, c.var.user.id, moduleId))
    })
    .post(
      '/:moduleId/attempts',
      validate('param', KnowledgeCheckParamSchema),
      validate('json', AttemptSubmissionSchema),
      async (c) => {
        const { moduleId } = c.req.valid('param')
        const course = courseStore.current()
        await assertModuleOpen(db, course, courseStore.schedule(), c.var.user.id, moduleId)
        const state = await submitAttempt(db, course, optionIds, c.var.user.id, moduleId, c.req.valid('json'))
        return c.json(state, 201)
      },
    )
  return { path: '/api/knowledge-checks', routes }
}
