import { paths } from './paths'

const moduleEditor = (moduleId: string) => `${paths.admin}/course/modules/${encodeURIComponent(moduleId)}`

/**
 * The Admin Panel's pages, by address. Only the admin chunk and the server import this module, so
 * no learner's or visitor's page carries them (docs/decisions/0093-admin-routes-in-the-admin-chunk.md);
 * the server's list of known routes reads every string here (known-routes.ts).
 */
export const adminPaths = {
  /** The panel's landing: the Create New User form and the Manage Users table. */
  users: paths.admin,
  /** Where learners stall: the funnel, activity, knowledge checks, video and stalled learners in charts. */
  insights: '/admin/insights',
  import: '/admin/import',
  reports: '/admin/reports',
  integrations: '/admin/integrations',
  course: '/admin/course',
  /** How learners first answered each knowledge check question of the published course. */
  courseQuestions: '/admin/course/questions',
  /** The audit log: who did what, when, from where. */
  activity: '/admin/activity',
  /** Settings → E-mails: the journey e-mails, their cadence, a preview and a test. */
  emails: '/admin/settings/emails',
  /** The course studio's editor of one draft module, by its id. */
  courseModule: moduleEditor,
  /** The draft module as learners will see it once published. */
  courseModulePreview: (moduleId: string) => `${moduleEditor(moduleId)}/preview`,
} as const

/** A page of the panel with an address of its own (the editor's are made from a module's id). */
export type AdminPath = Extract<(typeof adminPaths)[keyof typeof adminPaths], string>

/** The router's pattern of a draft module's editor, its preview below it (`adminPaths.courseModule`, `adminPaths.courseModulePreview`). */
export const ADMIN_COURSE_MODULE_ROUTE = '/admin/course/modules/:moduleId/*'
