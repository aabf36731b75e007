import { useEffect } from 'react'
import type { Profile } from '../../../../shared/api-types'
import { landingPath } from '../../../../shared/landing'
import { Toaster } from '../../../components/ui/toaster'
import type { RedirectState } from '../guards'
import { AuthScreen } from './auth-screen'

/** The window event the prerendered sign-in page's loader waits for (scripts/prerender.tsx). */
export const SIGN_IN_PAGE_READY = 'sign-in-page-ready'

/**
 * /auth opened as a page (a bookmark, the e-mailed link, Login on the public pages), prerendered
 * and hydrated by its own small entry (src/client/sign-in.tsx) once the visitor reaches for it
 * (docs/decisions/0066). The server sends a signed-in visitor on before it is served
 * (src/server/app.ts); a fresh sign-in opens the course as a new page.
 */
export function SignInPage() {
  // The page's loader holds what the visitor did before React took the form over, and repeats it on this.
  useEffect(() => {
    dispatchEvent(new Event(SIGN_IN_PAGE_READY))
  }, [])
  return (
    <>
      <AuthScreen onSignedIn={openCourse} />
      <Toaster />
    </>
  )
}

/** Never settles: the form stays busy while this page is replaced by the course. */
function openCourse(profile: Profile): Promise<void> {
  location.replace(landingPath(profile, redirectedFrom()))
  return new Promise(() => {})
}

/**
 * Where the app's sign-in guard was taking the visitor when this page was reloaded: React Router
 * keeps its location state in `history.state.usr`, and the browser keeps that across a reload.
 */
const redirectedFrom = () => (history.state as { usr?: RedirectState } | null)?.usr?.from
