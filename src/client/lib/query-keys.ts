/**
 * Every TanStack Query key the app caches under, in one place: a write in one feature marks
 * another's data stale through them (an import reloads the user list and the reports, a role
 * change the admin's own profile), and the server renders a page into the same keys
 * (entry-server.tsx).
 */
export const queryKeys = {
  /** Who is signed in (lib/auth.tsx). */
  profile: ['profile'],
  /** The published course's table of contents (`GET /api/course`). */
  course: ['course'],
  /** One module page of the published course, by its position (`GET /api/course/modules/:n`). */
  courseModule: (moduleNumber: number) => ['course', 'module', moduleNumber] as const,
  /** The course's schedule as it applies to the learner (`GET /api/course/schedule`). */
  schedule: ['course', 'schedule'],
  /** The learner's progress: every screen reads it from this one entry, so no two disagree. */
  progress: ['progress'],
  /** Where the signed-in user is signed in (the Security page's session list). */
  sessions: ['sessions'],
  /** Where the learner is in each video of one module, by the module's id (`GET /api/watch/:moduleId`). */
  watch: (moduleId: string) => ['watch', moduleId] as const,
  /** Under the progress key: every progress change marks the certificate stale too. */
  certificate: ['progress', 'certificate'],
  /** The learner's standing on every knowledge check (the dashboard's cards). */
  knowledgeChecks: ['knowledge-checks'],
  /** One module's knowledge check: attempts, the best score, the newest result. */
  knowledgeCheck: (moduleId: string) => ['knowledge-checks', moduleId] as const,
  /** The admin's per-question figures of the published course. */
  adminQuestionStats: ['admin-course', 'questions'],
  adminUsers: ['admin-users'],
  adminReports: ['admin-reports'],
  /** The Insights' charts; any write to learners or progress may change them, so they are read fresh on each visit. */
  adminInsights: ['admin-insights'],
  /** The audit log's pages; every admin write may add entries, so it is read fresh on each visit. */
  adminActivity: ['admin-activity'],
  purchaseDeliveries: ['admin-purchase-deliveries'],
  /** Settings → E-mails: the settings, previews under them. */
  adminEmailSettings: ['admin-emails', 'settings'],
  adminEmailPreview: ['admin-emails', 'preview'],
  /** The e-mails sent to one learner, by id. */
  learnerEmails: (userId: string) => ['admin-emails', 'learner', userId] as const,
  /** The course studio's draft; its version history under it, so a publish or a restore marks both stale. */
  adminCourse: ['admin-course'],
  adminCourseVersions: ['admin-course', 'versions'],
  /** One draft module as its editor loaded it (apart: a change of the list does not reload an open editor). */
  adminCourseModule: ['admin-course-module'],
  /** The course's schedule as the owner sets it. */
  adminSchedule: ['admin-schedule'],
  /** How long certificates are valid, as the owner sets it. */
  adminCertificatePolicy: ['admin-certificate-policy'],
} as const
