import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { paths } from '../../shared/paths'
import { PageSpinner } from '../components/ui/spinner'
import { lazyRoute, type LazyRoute } from './lazy-route'

// One chunk per screen: a visitor downloads only the screen they open.
const AppProviders = lazyRoute(() => import('./providers'))
const AppLayout = lazyRoute(() => import('./app-layout'))
// The guards read the session through TanStack Query: loaded with the screens they guard, so
// the public pages never download it.
const RequireAuth = lazyRoute(() => import('../features/auth/guards').then((m) => ({ default: m.RequireAuth })))
const RequireAdmin = lazy(() => import('../features/auth/guards').then((m) => ({ default: m.RequireAdmin })))
const LandingPage = lazyRoute(() => import('../routes/landing'))
const SalesPage = lazyRoute(() => import('../routes/sales'))
const AuthPage = lazy(() => import('../routes/auth'))
const ChangePasswordPage = lazy(() => import('../routes/change-password'))
const DashboardPage = lazyRoute(() => import('../routes/dashboard'))
const ProgressPage = lazyRoute(() => import('../routes/progress'))
const ModulePage = lazyRoute(() => import('../routes/module'))
const CompletionPage = lazy(() => import('../routes/completion'))
// The admin panel and each of its sections: a learner never downloads them.
const AdminPage = lazy(() => import('../routes/admin'))
const AdminUsersPage = lazy(() => import('../routes/admin-users'))
const AdminImportPage = lazy(() => import('../routes/admin-import'))
const AdminReportsPage = lazy(() => import('../routes/admin-reports'))
const AdminIntegrationsPage = lazy(() => import('../routes/admin-integrations'))
const VerifyPage = lazy(() => import('../routes/verify'))
const NotFoundPage = lazy(() => import('../routes/not-found'))

/** The screens prerendered at build time (scripts/prerender.tsx), by route. */
export const prerenderedRoutes: Readonly<Record<string, LazyRoute>> = {
  [paths.home]: LandingPage,
  [paths.sales]: SalesPage,
}

const courseScreen = [AppProviders, RequireAuth, AppLayout]

/**
 * The signed-in screens the server renders with the learner's data (src/server/pages), by route
 * pattern, with every lazy part of the tree above them: all must be loaded before React renders
 * or hydrates one, or it would suspend and show the spinner instead.
 */
export const serverRenderedRoutes = {
  [paths.dashboard]: [...courseScreen, DashboardPage],
  [paths.progress]: [...courseScreen, ProgressPage],
  '/module/:moduleNumber': [...courseScreen, ModulePage],
} as const satisfies Record<string, readonly LazyRoute[]>

export function App() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.sales} element={<SalesPage />} />
        <Route path="/verify/:certificateId" element={<VerifyPage />} />
        <Route element={<AppProviders />}>
          <Route path={paths.auth} element={<AuthPage />} />
          <Route path={paths.changePassword} element={<ChangePasswordPage />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              <Route path={paths.course} element={<Navigate to={paths.dashboard} replace />} />
              <Route path={paths.dashboard} element={<DashboardPage />} />
              <Route path={paths.progress} element={<ProgressPage />} />
              <Route path="/module/:moduleNumber" element={<ModulePage />} />
              <Route path={paths.completion} element={<CompletionPage />} />
              <Route element={<RequireAdmin />}>
                <Route path={paths.admin} element={<AdminPage />}>
                  <Route index element={<AdminUsersPage />} />
                  <Route path={paths.adminImport} element={<AdminImportPage />} />
                  <Route path={paths.adminReports} element={<AdminReportsPage />} />
                  <Route path={paths.adminIntegrations} element={<AdminIntegrationsPage />} />
                </Route>
              </Route>
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  )
}
