// Renders the app to HTML outside the browser: the public pages at build time
// (scripts/prerender.tsx), and a learner's signed-in screens on each request (src/server/pages).
import { dehydrate, QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import type { Profile } from '../shared/api-types'
import type { ProgressResponse } from '../shared/course/api-types'
import { App, serverRenderedScreens } from './app/app'
import { isExpandedInCookies } from './components/ui/sidebar'
import { queryKeys } from './lib/query-keys'
import { SERVER_STATE_ELEMENT_ID, serializeServerState, ServerStateProvider, type ServerState } from './lib/server-state'

/** Loads every screen the server renders, so that none suspends while rendering. */
export async function loadServerRenderedScreens(): Promise<void> {
  await Promise.all(Object.values(serverRenderedScreens).flat().map((screen) => screen.preload()))
}

export type CoursePageData = {
  profile: Profile
  progress: ProgressResponse
  /** The request's Cookie header: the side menu remembers its state in a cookie. */
  cookie: string | undefined
}

/** The state a signed-in screen renders from, as the browser's query cache will hold it. */
function courseState({ profile, progress, cookie }: CoursePageData): ServerState {
  const queryClient = new QueryClient()
  queryClient.setQueryData(queryKeys.profile, profile)
  queryClient.setQueryData(queryKeys.progress, progress)
  return { queries: dehydrate(queryClient), isSidebarExpanded: isExpandedInCookies(cookie ?? '') }
}

// React emits the hoisted <title> and <meta> of the page before its markup: they belong in <head>.
const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/

/** Rendered HTML split into what belongs in <head> and the content of #root. */
export function splitHead(html: string): { head: string; body: string } {
  const head = hoisted.exec(html)![0]
  return { head, body: html.slice(head.length) }
}

/** The app's page at `url`; a signed-in screen needs the state to render from. */
export function renderPage(url: string, serverState: ServerState | null = null): { head: string; body: string } {
  const html = renderToString(
    <StrictMode>
      <ServerStateProvider state={serverState}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </ServerStateProvider>
    </StrictMode>,
  )
  return splitHead(html)
}

/**
 * A learner's signed-in screen, into its page template (dist/course-pages.json): the content, and
 * the state the browser hydrates it from.
 */
export function renderCoursePage(template: string, url: string, data: CoursePageData): string {
  const state = courseState(data)
  const { head, body } = renderPage(url, state)
  const root = `<div id="root">${body}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${serializeServerState(state)}</script>`
  // Replaced by functions: a learner's name could hold a replacement pattern such as "$&".
  return template.replace('<!--head-->', () => head).replace('<div id="root"><!--app--></div>', () => root)
}
