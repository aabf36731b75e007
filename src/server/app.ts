import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { paths } from '../shared/paths'
import type { Auth } from './auth/auth'
import { createGuards, type Guards } from './auth/guards'
import { createSessionReader, sessionCookie } from './auth/session'
import type { Db } from './db/client'
import type { Env } from './env'
import { AppError, handleError } from './errors'
import type { Mailer } from './mail/mailer'
import { sameOrigin } from './middleware/same-origin'
import { securityHeaders, securityHeaderValues } from './middleware/security-headers'
import { requestHeader } from './node-http'
import { ADMIN_IMPORTS_PATH, createAdminImportRoutes } from './routes/admin-imports'
import { createAdminIntegrationRoutes, PURCHASE_WEBHOOK_PATH } from './routes/admin-integrations'
import { createAdminReportRoutes } from './routes/admin-reports'
import { createAdminUserRoutes } from './routes/admin-users'
import { createAuthRoutes } from './routes/auth'
import { createCertificateRoutes } from './routes/certificates'
import { createProfileRoutes } from './routes/profile'
import { createProgressRoutes } from './routes/progress'
import { createPurchaseWebhookRoutes } from './routes/purchase-webhook'
import { serveCoursePages, type CoursePageRenderer } from './pages/course-pages'
import { createStaticHandler } from './static'

export const MAX_BODY_BYTES = 100 * 1024

export type AppOptions = {
  env: Env
  db: Db
  auth: Auth
  mailer: Mailer
  authSecret: string
  /** The built client to serve; omitted in API tests. */
  clientDir?: string
  /** Renders the signed-in screens with the learner's data (src/server/pages); without it they get the app shell. */
  renderCoursePage?: CoursePageRenderer
}

export type AppDeps = AppOptions & { guards: Guards }

/** The whole portal as a Hono app, without listening: tests call `app.request`. */
export function createApp(options: AppOptions) {
  const { env } = options
  const sessions = createSessionReader(
    options.db,
    options.authSecret,
    sessionCookie(env.isProduction || env.publicUrl.startsWith('https://')),
  )
  const deps: AppDeps = { ...options, guards: createGuards(sessions) }

  const app = new Hono()
  app.use(securityHeaders(securityHeaderValues(env)))
  app.use(sameOrigin(env.publicUrl))
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 100 KB.')
  }
  const apiBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })
  // The bulk import sets its own, larger limit (up to 5,000 rows). GET and HEAD carry no body
  // the app reads. Hono's bodyLimit looks for the body first, which makes @hono/node-server build
  // a full WHATWG Request (docs/performance.md), so a declared Content-Length is checked here,
  // and Node's parser never reads more than it declares; a chunked body goes through bodyLimit.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === ADMIN_IMPORTS_PATH) return next()
    const declaredLength = requestHeader(c, 'content-length')
    if (declaredLength === undefined || requestHeader(c, 'transfer-encoding') !== undefined) return apiBodyLimit(c, next)
    if (Number(declaredLength) > MAX_BODY_BYTES) tooLarge()
    return next()
  })

  app.get('/api/health', (c) => c.json({ status: 'ok' }))
  app.route('/api/auth', createAuthRoutes(deps))
  app.route('/api/profile', createProfileRoutes(deps))
  app.route('/api/progress', createProgressRoutes(deps))
  app.route('/api', createCertificateRoutes(deps))
  app.route('/api/admin/users', createAdminUserRoutes(deps))
  app.route(ADMIN_IMPORTS_PATH, createAdminImportRoutes(deps))
  app.route('/api/admin', createAdminReportRoutes(deps))
  app.route('/api/admin/integrations', createAdminIntegrationRoutes(deps))
  app.route(PURCHASE_WEBHOOK_PATH, createPurchaseWebhookRoutes(deps))
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'Not found')
  })

  // The sign-in page is prerendered with its form (src/client/sign-in.tsx): a visitor who is
  // already signed in is sent on here, before it is served (the spec's access rule for /auth).
  app.get(paths.auth, async (c, next) => {
    const user = await deps.guards.signedInUser(c)
    if (!user) return next()
    c.header('Cache-Control', 'no-store')
    return c.redirect(user.mustChangePassword ? paths.changePassword : paths.dashboard)
  })

  if (options.renderCoursePage) serveCoursePages(app, deps, options.renderCoursePage)
  if (options.clientDir) {
    const serveClient = createStaticHandler(options.clientDir)
    app.on(['GET', 'HEAD'], '*', serveClient)
  }

  app.notFound(() => {
    throw new AppError('NOT_FOUND', 'Not found')
  })
  app.onError(handleError)

  return app
}

export type App = ReturnType<typeof createApp>
