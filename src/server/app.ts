import { Hono } from 'hono'
import { landingPath } from '../shared/landing'
import { isKnownRoute } from '../shared/known-routes'
import { emailLinkPaths, paths } from '../shared/paths'
import { createGuards } from './auth/guards'
import { createSessionReader } from './auth/session-reader'
import type { AppDeps, AppOptions } from './deps'
import { AppError, handleError } from './errors'
import { openLocalMediaStorage } from './media/open-storage'
import { apiBodyLimit } from './middleware/body-limit'
import { requestId } from './middleware/request-id'
import { sameOrigin } from './middleware/same-origin'
import { securityHeaders, securityHeaderValues } from './middleware/security-headers'
import { createMetrics } from './observability/metrics'
import { requestLog } from './observability/request-log'
import { serveSignedInPages } from './pages/signed-in-pages'
import { publicPagesFromCourse } from './pages/public-pages'
import type { ApiRoutes } from './routes/api-routes'
import { createAdminActivityRoutes } from './routes/admin-activity'
import { createAdminEmailRoutes } from './routes/admin-emails'
import { createAdminCourseRoutes } from './routes/admin-course'
import { createAdminScheduleRoutes } from './routes/admin-schedule'
import { createAdminCertificatePolicyRoutes } from './routes/admin-certificate-policy'
import { createAdminImportRoutes } from './routes/admin-imports'
import { createAdminIntegrationRoutes } from './routes/admin-integrations'
import { createAdminMediaRoutes } from './routes/admin-media'
import { createAdminReportRoutes } from './routes/admin-reports'
import { createAdminInsightsRoutes } from './routes/admin-insights'
import { createAdminUserRoutes } from './routes/admin-users'
import { createAuthRoutes } from './routes/auth'
import { createCertificateRoutes } from './routes/certificates'
import { serveCredentialDocuments } from './routes/credential-documents'
import { createCredentialRoutes } from './routes/credentials'
import { createCourseRoutes } from './routes/course'
import { createHealthRoutes } from './routes/health'
import { createMetricsRoutes } from './routes/metrics'
import { createKnowledgeCheckRoutes } from './routes/knowledge-checks'
import { createMediaRoutes } from './routes/media'
import { createProfileRoutes } from './routes/profile'
import { createProgressRoutes } from './routes/progress'
import { createWatchRoutes } from './routes/watch'
import { createPurchaseWebhookRoutes } from './routes/purchase-webhook'
import { serveEmailLinkPages } from './routes/email-links'
import { createStaticHandler } from './static'

/** The whole portal as a Hono app, without listening: tests call `app.request`. */
export function createApp(options: AppOptions) {
  const { env } = options
  const sessions = createSessionReader(options.db, options.authSecret, env.secureCookies)
  const deps: AppDeps = {
    ...options,
    guards: createGuards(sessions, { requireAdminTwoFactor: env.requireAdminTwoFactor }),
    mediaStorage: options.mediaStorage ?? openLocalMediaStorage(env),
  }
  const metrics = env.metrics.enabled ? createMetrics({ poolStats: options.poolStats }) : undefined
  const apiRoutes: ApiRoutes[] = [
    createHealthRoutes(deps),
    createAuthRoutes(deps),
    createProfileRoutes(deps),
    createCourseRoutes(deps),
    createProgressRoutes(deps),
    createKnowledgeCheckRoutes(deps),
    createWatchRoutes(deps),
    createMediaRoutes(deps),
    createCertificateRoutes(deps),
    createCredentialRoutes(deps),
    createAdminUserRoutes(deps),
    createAdminImportRoutes(deps),
    createAdminReportRoutes(deps),
    createAdminInsightsRoutes(deps),
    createAdminIntegrationRoutes(deps),
    createAdminCourseRoutes(deps),
    createAdminScheduleRoutes(deps),
    createAdminCertificatePolicyRoutes(deps),
    createAdminActivityRoutes(deps),
    createAdminMediaRoutes(deps),
    createAdminEmailRoutes(deps),
    createPurchaseWebhookRoutes(deps),
    // Answered here rather than by the app's 404 page, whether metrics are on or off.
    createMetricsRoutes(deps, metrics),
  ]

  const app = new Hono()
  app.use(requestId())
  app.use(requestLog(metrics))
  app.use(securityHeaders(securityHeaderValues(env)))
  app.use(sameOrigin(env.publicUrl, [emailLinkPaths.unsubscribe]))
  app.use('/api/*', apiBodyLimit(apiRoutes.filter((api) => api.limitsOwnBody).map((api) => api.path)))

  for (const { path, routes } of apiRoutes) app.route(path, routes)
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'Not found')
  })

  // The sign-in page is prerendered with its form (src/client/sign-in.tsx): a visitor who is
  // already signed in is sent on here, before it is served (docs/spec.md §2, /auth).
  app.get(paths.auth, async (c, next) => {
    const user = await deps.guards.signedInUser(c)
    if (!user) return next()
    c.header('Cache-Control', 'no-store')
    return c.redirect(landingPath({ ...user, mustSetUpTwoFactor: deps.guards.mustSetUpTwoFactor(user) }))
  })

  // Without JavaScript the prerendered form posts here (docs/decisions/0066): back to the page,
  // whose notice says signing in needs JavaScript, rather than a bare 404.
  app.post(paths.auth, (c) => c.redirect(paths.auth, 303))

  // The DID document and the credentials beside the verify page, before the page itself.
  serveCredentialDocuments(app, deps)

  serveEmailLinkPages(app, deps)
  if (options.renderCoursePage) serveSignedInPages(app, deps, options.renderCoursePage)
  if (options.clientDir) {
    // A module page is a known route while the published course has that module.
    const serveClient = createStaticHandler(
      options.clientDir,
      (path) => isKnownRoute(path, options.courseStore.current().learnerCatalog.modules.length),
      publicPagesFromCourse(options.courseStore, options.renderPublicPage),
    )
    app.on(['GET', 'HEAD'], '*', serveClient)
  }

  app.notFound(() => {
    throw new AppError('NOT_FOUND', 'Not found')
  })
  app.onError(handleError)

  return app
}

export type App = ReturnType<typeof createApp>
