import { Hono, type Context } from 'hono'
import { EmailPreviewQuerySchema, EmailSettingsSchema, EmailTestSchema, LearnerIdParamSchema } from '../../shared/schemas/emails'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { auditContextOf } from '../middleware/audit-context'
import { previewEmail, requestReminder, sendTestEmail, sentEmailsOf } from '../services/email-journeys/admin-emails'
import { findRecipient } from '../services/email-journeys/compose'
import { readEmailSettings, saveEmailSettings } from '../services/email-journeys/settings'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/**
 * Settings → E-mails and the e-mails of one learner (docs/decisions/0089-email-journeys.md):
 * every route admin-only; every change audited.
 */
export function createAdminEmailRoutes({ db, env, authSecret, courseStore, mailer, guards }: AppDeps): ApiRoutes {
  const compose = { db, env, authSecret, courseStore }
  const learnerId = validate('param', LearnerIdParamSchema)
  const audit = (c: Context<AuthedEnv>) => auditContextOf(c, env.trustProxy, c.var.user)
  const me = async (c: Context<AuthedEnv>) => {
    const admin = await findRecipient(db, c.var.user.id)
    if (!admin) throw new AppError('UNAUTHORIZED', 'Sign in again.')
    return admin
  }
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/settings', async (c) => c.json(await readEmailSettings(db)))
    .put('/settings', validate('json', EmailSettingsSchema), async (c) => c.json(await saveEmailSettings(db, c.req.valid('json'), audit(c))))
    .get('/preview', validate('query', EmailPreviewQuerySchema), async (c) => {
      const { kind, userId } = c.req.valid('query')
      return c.json(await previewEmail(compose, await me(c), kind, userId))
    })
    .post('/test', validate('json', EmailTestSchema), async (c) => {
      await sendTestEmail({ ...compose, mailer }, await me(c), c.req.valid('json').kind, audit(c))
      return c.json({ sent: true })
    })
    .post('/learners/:id/reminder', learnerId, async (c) => {
      return c.json(await requestReminder(db, c.req.valid('param').id, c.var.user.id, audit(c)))
    })
    .get('/learners/:id/sent', learnerId, async (c) => c.json(await sentEmailsOf(db, c.req.valid('param').id)))
  return { path: '/api/admin/emails', routes }
}
