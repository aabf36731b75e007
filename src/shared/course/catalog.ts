/**
 * The course's eight modules as the module table of docs/spec.md §3 gives them; lesson content lives
 * beside. The copy the current client still bundles: the server serves the published course from
 * the database (docs/decisions/0035-course-content-in-the-database.md), seeded with exactly this.
 * It goes once the client reads `GET /api/course`.
 */
export type ModuleSummary = {
  moduleNumber: number
  title: string
  description: string
  minutes: number
  lessonsCount: number
}

export const modules: readonly ModuleSummary[] = [
  {
    moduleNumber: 1,
    title: 'Welcome & Orientation',
    description: 'Set up your e-mail and communication settings and find your way around the CRM.',
    minutes: 5,
    lessonsCount: 1,
  },
  {
    moduleNumber: 2,
    title: 'General Overview',
    description: 'A guided tour of the CRM dashboard and the settings that shape your day.',
    minutes: 12,
    lessonsCount: 1,
  },
  {
    moduleNumber: 3,
    title: 'Lead Management',
    description: 'Create contacts and leads, and move them through the lead board to an application.',
    minutes: 15,
    lessonsCount: 1,
  },
  {
    moduleNumber: 4,
    title: 'Task Management',
    description: 'Plan your follow-ups with due dates, importance levels and checklists.',
    minutes: 10,
    lessonsCount: 1,
  },
  {
    moduleNumber: 5,
    title: 'Managing the Live Deal Dashboard',
    description: 'Track every live deal from application to funding, and handle deals that are lost.',
    minutes: 12,
    lessonsCount: 1,
  },
  {
    moduleNumber: 6,
    title: 'Other Custom Boards',
    description: 'Build custom Kanban views for the parts of your business the standard boards miss.',
    minutes: 8,
    lessonsCount: 1,
  },
  {
    moduleNumber: 7,
    title: 'Creating Custom Automations Views',
    description: 'Let automations move clients through your custom views, in two short lessons.',
    minutes: 18,
    lessonsCount: 2,
  },
  {
    moduleNumber: 8,
    title: 'Monthly Newsletter',
    description: 'Write a newsletter template with merge fields and send it to your database safely.',
    minutes: 10,
    lessonsCount: 1,
  },
]

export const MODULE_COUNT = modules.length
export const TOTAL_MINUTES = modules.reduce((sum, module) => sum + module.minutes, 0)

export const findModule = (moduleNumber: number): ModuleSummary | undefined =>
  modules.find((module) => module.moduleNumber === moduleNumber)
