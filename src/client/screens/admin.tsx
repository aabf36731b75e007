import { BookOpen, ChartColumn, ChartLine, FileUp, History, Mail, PlugZap, Users } from 'lucide-react'
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { createRoutesFromElements, Outlet, Route, useRoutes } from 'react-router'
import { ADMIN_COURSE_MODULE_ROUTE, adminPaths, type AdminPath } from '../../shared/admin-paths'
import { paths } from '../../shared/paths'
import { AdminSections, type AdminTab } from '../components/layout/admin-sections'
import { Spinner } from '../components/ui/spinner'

type AdminSection = {
  path: AdminPath
  /**
   * Each section is its own chunk, loaded when opened. React's own lazy: no admin page is rendered
   * by the server, so none needs loading ahead (lazyRoute would split src/client/app/lazy-route.ts
   * out of the app's chunk into one more file for every page).
   */
  Screen: LazyExoticComponent<ComponentType>
  /** Its tab in the panel's navigation, in this order; a section without one is reached from another (the course's questions). */
  tab?: Omit<AdminTab, 'to'>
}

/**
 * The Admin Panel's sections, one line each: a new section is its path in
 * src/shared/admin-paths.ts and a line here. They are routed here, in the admin chunk, so no
 * learner's page carries them (docs/decisions/0093-admin-routes-in-the-admin-chunk.md).
 */
const sections: AdminSection[] = [
  { path: adminPaths.insights, Screen: lazy(() => import('./admin-insights')), tab: { label: 'Insights', icon: ChartLine } },
  { path: adminPaths.users, Screen: lazy(() => import('./admin-users')), tab: { label: 'Users', icon: Users } },
  { path: adminPaths.import, Screen: lazy(() => import('./admin-import')), tab: { label: 'Import', icon: FileUp } },
  { path: adminPaths.reports, Screen: lazy(() => import('./admin-reports')), tab: { label: 'Reports', icon: ChartColumn } },
  { path: adminPaths.course, Screen: lazy(() => import('./admin-course')), tab: { label: 'Course', icon: BookOpen } },
  { path: adminPaths.courseQuestions, Screen: lazy(() => import('./admin-course-questions')) },
  { path: adminPaths.integrations, Screen: lazy(() => import('./admin-integrations')), tab: { label: 'Integrations', icon: PlugZap } },
  { path: adminPaths.activity, Screen: lazy(() => import('./admin-activity')), tab: { label: 'Activity', icon: History } },
  { path: adminPaths.emails, Screen: lazy(() => import('./admin-emails')), tab: { label: 'E-mails', icon: Mail } },
]

const tabs: AdminTab[] = sections.flatMap(({ path, tab }) => (tab ? [{ to: path, ...tab }] : []))

// The module editor has the whole width, outside the panel's heading and sections; its preview is the same screen.
const AdminCourseModulePage = lazy(() => import('./admin-course-module'))
const NotFoundPage = lazy(() => import('./not-found'))

/** A path of the panel as a route below the app's `/admin/*` (descendant routes match what follows it). */
const belowAdmin = (path: string) => path.slice(paths.admin.length + 1)

/** The panel's heading, the sections' navigation, and the open section. */
function AdminPanel() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold">Admin Panel</h1>
        <p className="text-muted-foreground">
          Create and import learner accounts, follow their progress, edit the course, and connect the marketplace.
        </p>
      </div>
      <AdminSections tabs={tabs} />
      {/* Each section is its own chunk: the heading and navigation stay while one loads. */}
      <Suspense
        fallback={
          <div className="flex justify-center py-10">
            <Spinner label="Loading section" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  )
}

/** Made once, at the chunk's load: the elements are the same on every render. */
const routes = createRoutesFromElements(
  <>
    <Route element={<AdminPanel />}>
      {sections.map(({ path, Screen }) =>
        path === paths.admin ? <Route key={path} index element={<Screen />} /> : <Route key={path} path={belowAdmin(path)} element={<Screen />} />,
      )}
    </Route>
    <Route path={belowAdmin(ADMIN_COURSE_MODULE_ROUTE)} element={<AdminCourseModulePage />} />
    <Route path="*" element={<NotFoundPage />} />
  </>,
)

/** The Admin Panel's pages, below the app's `/admin/*` route (src/client/app/app.tsx). */
export default function AdminPage() {
  return useRoutes(routes)
}
