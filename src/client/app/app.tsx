import { Suspense } from 'react'
import { createRoutesFromElements, Navigate, Route } from 'react-router'
import { ADMIN_COURSE_MODULE_ROUTE, MODULE_ROUTE, paths, VERIFY_ROUTE } from '../../shared/paths'
import type { ServerRenderedRoute } from '../../shared/server-rendered'
import { PageSpinner } from '../components/ui/spinner'
import { createAppRoutes } from './app-routes'
import { lazyRoute, type LazyRoute } from './lazy-route'

// One chunk per screen: a visitor downloads only the screen they open
// (docs/decisions/0022-declarative-router.md). Each can also be loaded ahead of rendering, which
// the pages that arrive with their content need (lazy-route.ts).
const AppProviders = lazyRoute(() => import('./providers'))
const AppLayout = lazyRoute(() => import('./app-layout'))
// The guards read the session through TanStack Query: loaded with the screens they guard, so
// the public pages never download it.
const RequireAuth = lazyRoute(() => import('../features/auth/guards').then((m) => ({ default: m.RequireAuth })))
const RequireAdmin = lazyRoute(() => import('../features/auth/guards').then((m) => ({ default: m.RequireAdmin })))
const LandingPage = lazyRoute(() => import('../screens/landing'))
const SalesPage = lazyRoute(() => import('../screens/sales'))
const AuthPage = lazyRoute(() => import('../screens/auth'))
const ChangePasswordPage = lazyRoute(() => import('../screens/change-password'))
const DashboardPage = lazyRoute(() => import('../screens/dashboard'))
const ProgressPage = lazyRoute(() => import('../screens/progress'))
const ModulePage = lazyRoute(() => import('../screens/module'))
const CompletionPage = lazyRoute(() => import('../screens/completion'))
const SecurityPage = lazyRoute(() => import('../screens/security'))
const TwoFactorSetupPage = lazyRoute(() => import('../screens/two-factor-setup'))
// The admin panel and each of its sections: a learner never downloads them.
const AdminPage = lazyRoute(() => import('../screens/admin'))
const AdminUsersPage = lazyRoute(() => import('../screens/admin-users'))
const AdminInsightsPage = lazyRoute(() => import('../screens/admin-insights'))
const AdminImportPage = lazyRoute(() => import('../screens/admin-import'))
const AdminReportsPage = lazyRoute(() => import('../screens/admin-reports'))
const AdminIntegrationsPage = lazyRoute(() => import('../screens/admin-integrations'))
const AdminCoursePage = lazyRoute(() => import('../screens/admin-course'))
const AdminActivityPage = lazyRoute(() => import('../screens/admin-activity'))
const AdminEmailsPage = lazyRoute(() => import('../screens/admin-emails'))
const AdminCourseModulePage = lazyRoute(() => import('../screens/admin-course-module'))
const AdminCourseQuestionsPage = lazyRoute(() => import('../screens/admin-course-questions'))
const VerifyPage = lazyRoute(() => import('../screens/verify'))
const NotFoundPage = lazyRoute(() => import('../screens/not-found'))

/**
 * The public screens, by route: rendered to HTML by the server from the published course (templates
 * made by scripts/prerender.tsx), and never hydrated there (docs/decisions/0060).
 */
export const prerenderedRoutes: Readonly<Record<string, LazyRoute>> = {
  [paths.home]: LandingPage,
  [paths.sales]: SalesPage,
}

const courseScreen = [AppProviders, RequireAuth, AppLayout]

/**
 * The lazy parts of each screen the server renders with the learner's data (its routes are
 * src/shared/server-rendered.ts), the tree above it included: all must be loaded before React
 * renders or hydrates one, or it would suspend and show the spinner instead.
 */
export const serverRenderedScreens: Readonly<Record<ServerRenderedRoute, readonly LazyRoute[]>> = {
  [paths.dashboard]: [...courseScreen, DashboardPage],
  [paths.progress]: [...courseScreen, ProgressPage],
  [MODULE_ROUTE]: [...courseScreen, ModulePage],
}

/** Every screen by path, made once: the elements are the same on every render. */
const routes = createRoutesFromElements(
  <>
    <Route path={paths.home} element={<LandingPage />} />
    <Route path={paths.sales} element={<SalesPage />} />
    <Route path={VERIFY_ROUTE} element={<VerifyPage />} />
    <Route element={<AppProviders />}>
      <Route path={paths.auth} element={<AuthPage />} />
      <Route path={paths.changePassword} element={<ChangePasswordPage />} />
      <Route path={paths.twoFactorSetup} element={<TwoFactorSetupPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          <Route path={paths.course} element={<Navigate to={paths.dashboard} replace />} />
          <Route path={paths.dashboard} element={<DashboardPage />} />
          <Route path={paths.progress} element={<ProgressPage />} />
          <Route path={MODULE_ROUTE} element={<ModulePage />} />
          <Route path={paths.completion} element={<CompletionPage />} />
          <Route path={paths.security} element={<SecurityPage />} />
          <Route element={<RequireAdmin />}>
            <Route path={paths.admin} element={<AdminPage />}>
              <Route index element={<AdminUsersPage />} />
              <Route path={paths.adminInsights} element={<AdminInsightsPage />} />
              <Route path={paths.adminImport} element={<AdminImportPage />} />
              <Route path={paths.adminReports} element={<AdminReportsPage />} />
              <Route path={paths.adminIntegrations} element={<AdminIntegrationsPage />} />
              <Route path={paths.adminCourse} element={<AdminCoursePage />} />
              <Route path={paths.adminCourseQuestions} element={<AdminCourseQuestionsPage />} />
              <Route path={paths.adminActivity} element={<AdminActivityPage />} />
              <Route path={paths.adminEmails} element={<AdminEmailsPage />} />
            </Route>
            {/* The module editor has the whole width, outside the panel's heading and sections; its preview is the same screen. */}
            <Route path={ADMIN_COURSE_MODULE_ROUTE} element={<AdminCourseModulePage />} />
          </Route>
        </Route>
      </Route>
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </>,
)

const AppRoutes = createAppRoutes(routes)

export function App() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AppRoutes />
    </Suspense>
  )
}
