import { createContext, use } from 'react'
import { COURSE_FACTS_META_NAME, type CourseFacts } from '../../shared/course/facts'

/**
 * The course's facts for the public pages: given by the server in the page (src/server/pages), and
 * read once by the entry that renders the app (main.tsx, entry-server.tsx).
 */
export const CourseFactsContext = createContext<CourseFacts | null>(null)

/** The facts the page arrived with (withCourseFacts in src/shared/course/facts.ts); null if it has none. */
export function readCourseFacts(): CourseFacts | null {
  const content = document.querySelector(`meta[name="${COURSE_FACTS_META_NAME}"]`)?.getAttribute('content')
  return content ? (JSON.parse(content) as CourseFacts) : null
}

export function useCourseFacts(): CourseFacts {
  const facts = use(CourseFactsContext)
  if (!facts) throw new Error('The page carries no course facts: it was not served by the portal’s server')
  return facts
}
