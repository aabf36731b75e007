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
  /** The certificate's signed Open Badges credential, for machines (docs/decisions/0091-open-badges-credential.md). */
  verifyCredential: (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}.json`,
  /** The signed-in learner's own credential, as a download. */
  certificateCredential: '/api/certificate/credential.json',
} as const

/** Every screen with a path of its own: each string of `paths` (the functions are the pages with a parameter). */
const staticRoutes = new Set((Object.values(paths) as unknown[]).filter((path): path is string => typeof path === 'string'))

/**
 * A module's number, in a page's path and in the API's: 1 to 999 in digits only, so '1.5', '1e0',
 * ' 1' and '01' are not one. Whether the published course has that module is a second question.
 */
export const isModuleNumber = (value: string): boolean => /^[1-9]\d{0,2}$/.test(value)

/** The module page's route pattern, as the router, the server's rendered pages and the build name it. */
export const MODULE_ROUTE = '/module/:moduleNumber'

/**
 * Whether the client has a screen for this path; anything else is the 404 page. A module page
 * exists for each module of the published course, which only the server knows: it passes the
 * count it serves (src/server/course/course-store.ts).
 */
export function isKnownRoute(pathname: string, moduleCount: number): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (staticRoutes.has(path)) return true
  const moduleMatch = /^\/module\/([^/]+)$/.exec(path)
  if (moduleMatch) return isModuleNumber(moduleMatch[1]!) && Number(moduleMatch[1]) <= moduleCount
  // A draft module's editor and preview: the id's shape only (the screen says when there is no such module).
  if (/^\/admin\/course\/modules\/[A-Za-z0-9_-]{1,64}(\/preview)?$/.test(path)) return true
  return /^\/verify\/[^/]+$/.test(path)
}

/** The router's pattern of the certificate's verify page (`paths.verify` builds its paths). */
export const VERIFY_ROUTE = '/verify/:certificateId'

/** The router's pattern of a draft module's editor, its preview below it (`paths.adminCourseModule`, `paths.adminCourseModulePreview`). */
export const ADMIN_COURSE_MODULE_ROUTE = '/admin/course/modules/:moduleId/*'
