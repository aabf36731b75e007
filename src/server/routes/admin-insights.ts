import { Hono, type Context } from 'hono'
import type { Course } from '../../shared/course/schema'
import { InsightsQuerySchema, StalledQuerySchema, type InsightsQuery, type StalledQuery } from '../../shared/schemas/insights'
import type { AppDeps } from '../deps'
import { activity } from '../services/insights/activity'
import { checks } from '../services/insights/checks'
import { funnel } from '../services/insights/funnel'
import { createRecentAnswers } from '../services/insights/recent-answers'
import { stalledLearners } from '../services/insights/stalled'
import { video } from '../services/insights/video'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/**
 * The owner's Insights (docs/decisions/0087-owner-insights.md): one route per chart, each an
 * aggregate of the database, so a chart loads on its own and no answer grows with the learners;
 * an answer is served again for a minute, per chart, filter and course version. Admin-only.
 */
export function createAdminInsightsRoutes({ db, guards, courseStore }: AppDeps): ApiRoutes {
  const recent = createRecentAnswers()
  const chart = <Query>(name: string, compute: (course: Course, query: Query) => Promise<unknown>) =>
    async (c: Context, query: Query) => {
      const live = courseStore.current()
      return c.json(await recent(`${name} ${live.version} ${JSON.stringify(query)}`, () => compute(live.document, query)))
    }
  const funnelChart = chart<InsightsQuery>('funnel', (course, query) => funnel(db, course, query))
  const activityChart = chart<InsightsQuery>('activity', (_, query) => activity(db, query))
  const checksChart = chart<InsightsQuery>('checks', (course, query) => checks(db, course, query))
  const videoChart = chart<InsightsQuery>('video', (course, query) => video(db, course, query))
  const stalledChart = chart<StalledQuery>('stalled', (course, query) => stalledLearners(db, course, query))
  const routes = new Hono()
    .get('/funnel', guards.requireAdmin, validate('query', InsightsQuerySchema), (c) => funnelChart(c, c.req.valid('query')))
    .get('/activity', guards.requireAdmin, validate('query', InsightsQuerySchema), (c) => activityChart(c, c.req.valid('query')))
    .get('/checks', guards.requireAdmin, validate('query', InsightsQuerySchema), (c) => checksChart(c, c.req.valid('query')))
    .get('/video', guards.requireAdmin, validate('query', InsightsQuerySchema), (c) => videoChart(c, c.req.valid('query')))
    .get('/stalled', guards.requireAdmin, validate('query', StalledQuerySchema), (c) => stalledChart(c, c.req.valid('query')))
  return { path: '/api/admin/insights', routes }
}
