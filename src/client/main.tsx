import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter, matchPath } from 'react-router'
import type { ServerRenderedRoute } from '../shared/server-rendered'
import { App, serverRenderedScreens } from './app/app'
import type { LazyRoute } from './app/lazy-route'
import { CourseFactsContext, readCourseFacts } from './lib/course-facts'
import { readServerState, ServerStateProvider } from './lib/server-state'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

const serverState = readServerState()
const app = (
  <StrictMode>
    {/* The published course's facts, as the server rendered the page with them: for the public pages. */}
    <CourseFactsContext value={readCourseFacts()}>
      <ServerStateProvider state={serverState}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ServerStateProvider>
    </CourseFactsContext>
  </StrictMode>
)

/**
 * The lazy parts of a signed-in page the server rendered with the learner's data. (The public
 * pages are rendered too, but never hydrated: src/client/public-page.ts is their only script.)
 */
function renderedScreens(pathname: string): readonly LazyRoute[] | undefined {
  if (!serverState) return undefined
  // The routes of src/shared/server-rendered.ts, as the map's keys (its type holds it to that list).
  const route = (Object.keys(serverRenderedScreens) as ServerRenderedRoute[]).find((pattern) => matchPath(pattern, pathname))
  return route === undefined ? undefined : serverRenderedScreens[route]
}

// A page that arrived with its content is taken over in place, once its screens' chunks are
// loaded (a screen still loading would not match the HTML). As a transition, hydration yields to
// the browser every few milliseconds instead of blocking it.
const screens = renderedScreens(location.pathname)
if (screens) {
  await Promise.all(screens.map((screen) => screen.preload()))
  startTransition(() => {
    hydrateRoot(container, app)
  })
} else {
  createRoot(container).render(app)
}
