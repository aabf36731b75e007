import { paths } from './paths'

/**
 * Where a signed-in user goes: to replace a temporary password first; else where they were going
 * when the sign-in guard stopped them (a path of this site only, never `//other.host`); else the
 * dashboard. The server's redirect from /auth and the browser's sign-in screens all ask this.
 */
export function landingPath(user: { mustChangePassword: boolean }, from?: unknown): string {
  if (user.mustChangePassword) return paths.changePassword
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.dashboard
}
