import { Hono } from 'hono'
import { InsightsQuerySchema, StalledQuerySchema } from '../../shared/schemas/insights'
import type { AppDeps } from '../deps'
import { activity } from '../services/insights/activity'
import { checks } from '../services/insights/checks'
import { funnel } from '../services/insights/funnel'
import { stalledLearners } from '../services/insights/stalled'
import { video } from '../services/insights/video'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/**
 * The owner's Insights (docs/decisions/0087-owner-insights.md): one route per chart, each an
 * aggregate of the database, so a chart loads on its own and no answer grows with the learners.
 * Admin-only.
 */
export function createAdminInsightsRoutes({ db, guards, courseStore }: AppDeps): ApiRoutes {
  const course = () => courseStore.current().course
  const routes = new Hono()
    .get('/funnel', guards.requireAdmin, validate('query', InsightsQuerySchema), async (c) => c.json(await funnel(db, course(), c.req.valid('query'))))
    .get('/activity', guards.requireAdmin, validate('query', InsightsQuerySchema), async (c) => c.json(await activity(db, c.req.valid('query'))))
    .get('/checks', guards.requireAdmin, validate('query', InsightsQuerySchema), async (c) => c.json(await checks(db, course(), c.req.valid('query'))))
    .get('/video', guards.requireAdmin, validate('query', InsightsQuerySchema), async (c) => c.json(await video(db, course(), c.req.valid('query'))))
    .get('/stalled', guards.requireAdmin, validate('query', StalledQuerySchema), async (c) =>
      c.json(await stalledLearners(db, course(), c.req.valid('query'))),
    )
  return { path: '/api/admin/insights', routes }
}
