// Renders the app to HTML outside the browser, on the server: a learner's signed-in screens on
// each request, and the public pages from the published course (src/server/pages).
import { dehydrate, QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import type { Profile } from '../shared/api-types'
import type { CourseCatalog, CourseProgress, KnowledgeCheckState, KnowledgeCheckSummary, LearnerModule } from '../shared/course/api-types'
import { courseFacts, withCourseFacts, type CourseFacts } from '../shared/course/facts'
import type { LearnerSchedule } from '../shared/course/schedule'
import { App, prerenderedRoutes, serverRenderedScreens } from './app/app'
import { isExpandedInCookies } from './components/ui/sidebar'
import { CourseFactsContext } from './lib/course-facts'
import { queryKeys } from './lib/query-keys'
import { SERVER_STATE_ELEMENT_ID, serializeServerState, ServerStateProvider, type ServerState } from './lib/server-state'

/** Loads every screen the server renders, so that none suspends while rendering. */
export async function loadServerRenderedScreens(): Promise<void> {
  const screens = [...Object.values(serverRenderedScreens).flat(), ...Object.values(prerenderedRoutes)]
  await Promise.all(screens.map((screen) => screen.preload()))
}

export type CoursePageData = {
  profile: Profile
  progress: CourseProgress
  /** The published course, of the same version as the progress and the module. */
  course: CourseCatalog
  /** The module a module page shows. */
  module?: LearnerModule
  /** The dashboard's cards: the learner's standing on every knowledge check. */
  knowledgeChecks?: KnowledgeCheckSummary[]
  /** A module page's knowledge check, as the learner stands on it. */
  knowledgeCheck?: KnowledgeCheckState
  /** The course's schedule as it applies to the learner: which modules show as locked. */
  schedule: LearnerSchedule
  /** The request's Cookie header: the side menu remembers its state in a cookie. */
  cookie: string | undefined
}

/** The state a signed-in screen renders from, as the browser's query cache will hold it. */
function courseState({ profile, progress, course, module, knowledgeChecks, knowledgeCheck, schedule, cookie }: CoursePageData): ServerState {
  const queryClient = new QueryClient()
  queryClient.setQueryData(queryKeys.profile, profile)
  queryClient.setQueryData(queryKeys.progress, progress)
  queryClient.setQueryData(queryKeys.course, course)
  queryClient.setQueryData(queryKeys.schedule, schedule)
  if (module) queryClient.setQueryData(queryKeys.courseModule(module.moduleNumber), module)
  if (knowledgeChecks) queryClient.setQueryData(queryKeys.knowledgeChecks, knowledgeChecks)
  if (knowledgeCheck) queryClient.setQueryData(queryKeys.knowledgeCheck(knowledgeCheck.moduleId), knowledgeCheck)
  return { queries: dehydrate(queryClient), isSidebarExpanded: isExpandedInCookies(cookie ?? '') }
}

// React emits the hoisted <title> and <meta> of the page before its markup: they belong in <head>.
const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/

/** Rendered HTML split into what belongs in <head> and the content of #root. */
export function splitHead(html: string): { head: string; body: string } {
  const head = hoisted.exec(html)![0]
  return { head, body: html.slice(head.length) }
}

/** The app's page at `url`, with the course's facts; a signed-in screen needs the state to render from. */
function renderPage(url: string, facts: CourseFacts, serverState: ServerState | null = null): { head: string; body: string } {
  const html = renderToString(
    <StrictMode>
      <CourseFactsContext value={facts}>
        <ServerStateProvider state={serverState}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </ServerStateProvider>
      </CourseFactsContext>
    </StrictMode>,
  )
  return splitHead(html)
}

/** What every page made from `template` by renderCoursePage begins with: the template before its first placeholder. */
export function templateStart(template: string): string {
  const at = template.indexOf('<!--head-->')
  return at < 0 ? '' : template.slice(0, at)
}

/**
 * A learner's signed-in screen, into its page template (dist/course-pages.json): the content, and
 * the state the browser hydrates it from.
 */
export function renderCoursePage(template: string, url: string, data: CoursePageData): string {
  const state = courseState(data)
  const facts = courseFacts(data.course.modules)
  const { head, body } = renderPage(url, facts, state)
  const root = `<div id="root">${body}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${serializeServerState(state)}</script>`
  // Replaced by functions: a learner's name could hold a replacement pattern such as "$&".
  return withCourseFacts(template, facts)
    .replace('<!--head-->', () => head)
    .replace('<div id="root"><!--app--></div>', () => root)
}

/**
 * The Welcome or the sales page (`route`), from the published course's facts, into its template
 * (dist/course-pages.json): the same for every visitor, made again after each publish.
 */
export function renderPublicPage(template: string, route: string, facts: CourseFacts): string {
  const { head, body } = renderPage(route, facts)
  if (!head.includes('<title>') || !body) throw new Error(`Rendering ${route} gave no title or no content`)
  return withCourseFacts(template, facts)
    .replace('<!--head-->', () => head)
    .replace('<div id="root"><!--app--></div>', () => `<div id="root">${body}</div>`)
}
