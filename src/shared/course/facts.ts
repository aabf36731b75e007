/**
 * What the public pages say about the course ('8 Comprehensive Modules', '90 minutes', 'Your First
 * Module Takes 5 Minutes'), counted from the published course (docs/decisions/0035-course-content-in-the-database.md).
 */
export type CourseFacts = { moduleCount: number; totalMinutes: number; firstModuleMinutes: number }

/** The facts of a course whose modules, in order, take these minutes. */
export function courseFacts(modules: readonly { minutes: number }[]): CourseFacts {
  return {
    moduleCount: modules.length,
    totalMinutes: modules.reduce((sum, module) => sum + module.minutes, 0),
    firstModuleMinutes: modules[0]?.minutes ?? 0,
  }
}

/** The <meta> that carries the facts in every page of the app, so the browser renders what the server did. */
export const COURSE_FACTS_META_NAME = 'course-facts'

/**
 * The page with its course facts, in a <meta> at the end of its <head>: no inline script (the
 * Content Security Policy forbids it, and the public pages carry none), and nothing a learner typed.
 */
export function withCourseFacts(html: string, facts: CourseFacts): string {
  const content = JSON.stringify(facts).replaceAll('"', '&quot;')
  return html.replace('</head>', () => `<meta name="${COURSE_FACTS_META_NAME}" content="${content}">\n</head>`)
}
