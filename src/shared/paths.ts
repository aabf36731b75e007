const changePassword = '/change-password'

/** Every route of the portal, in one place (server links in e-mails use them too). */
export const paths = {
  home: '/',
  sales: '/sales',
  auth: '/auth',
  changePassword,
  course: '/course',
  dashboard: '/dashboard',
  progress: '/progress',
  admin: '/admin',
  /** Where learners stall: the funnel, activity, knowledge checks, video and stalled learners in charts. */
  adminInsights: '/admin/insights',
  adminImport: '/admin/import',
  adminReports: '/admin/reports',
  adminIntegrations: '/admin/integrations',
  adminCourse: '/admin/course',
  /** How learners first answered each knowledge check question of the published course. */
  adminCourseQuestions: '/admin/course/questions',
  /** The audit log: who did what, when, from where. */
  adminActivity: '/admin/activity',
  /** The course studio's editor of one draft module, by its id. */
  adminCourseModule: (moduleId: string) => `/admin/course/modules/${encodeURIComponent(moduleId)}`,
  /** The draft module as learners will see it once published. */
  adminCourseModulePreview: (moduleId: string) => `/admin/course/modules/${encodeURIComponent(moduleId)}/preview`,
  completion: '/completion',
  /** Two-factor sign-in, the learner's data and its download. */
  security: '/security',
  /** Where an admin without a second factor is held until they set one up (REQUIRE_ADMIN_2FA). */
  twoFactorSetup: '/two-factor-setup',
  module: (moduleNumber: number) => `/module/${moduleNumber}`,
  /** The e-mailed link to choose a password: a reset, or an imported learner's first one. */
  choosePassword: (token: string) => `${changePassword}?token=${encodeURIComponent(token)}`,
  verify: (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}`,
} as const

const staticRoutes = new Set<string>([
  paths.home,
  paths.sales,
  paths.auth,
  paths.changePassword,
  paths.course,
  paths.dashboard,
  paths.progress,
  paths.admin,
  paths.adminInsights,
  paths.adminImport,
  paths.adminReports,
  paths.adminIntegrations,
  paths.adminCourse,
  paths.adminCourseQuestions,
  paths.adminActivity,
  paths.completion,
  paths.security,
  paths.twoFactorSetup,
])

/**
 * Whether the client has a screen for this path; anything else is the 404 page. A module page
 * exists for each module of the published course, which only the server knows: it passes the
 * count it serves (src/server/course/course-store.ts).
 */
export function isKnownRoute(pathname: string, moduleCount: number): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (staticRoutes.has(path)) return true
  const moduleMatch = /^\/module\/([1-9]\d*)$/.exec(path)
  if (moduleMatch) return Number(moduleMatch[1]) <= moduleCount
  // A draft module's editor and preview: the id's shape only (the screen says when there is no such module).
  if (/^\/admin\/course\/modules\/[A-Za-z0-9_-]{1,64}(\/preview)?$/.test(path)) return true
  return /^\/verify\/[^/]+$/.test(path)
}

/** The router's pattern of the certificate's verify page (`paths.verify` builds its paths). */
export const VERIFY_ROUTE = '/verify/:certificateId'

/** The router's pattern of a draft module's editor, its preview below it (`paths.adminCourseModule`, `paths.adminCourseModulePreview`). */
export const ADMIN_COURSE_MODULE_ROUTE = '/admin/course/modules/:moduleId/*'
