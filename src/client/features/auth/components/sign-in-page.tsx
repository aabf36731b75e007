import type { Profile } from '../../../../shared/api-types'
import { landingPath } from '../../../../shared/landing'
import { Toaster } from '../../../components/ui/toaster'
import type { RedirectState } from '../guards'
import { AuthScreen } from './auth-screen'

/**
 * /auth opened as a page (a bookmark, the e-mailed link, Login on the public pages), prerendered
 * and hydrated by its own small entry (src/client/sign-in.tsx). The server sends a signed-in
 * visitor on before it is served (src/server/app.ts); a fresh sign-in opens the course as a new page.
 */
export function SignInPage() {
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
