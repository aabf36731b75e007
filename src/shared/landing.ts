import { paths } from './paths'

/**
 * Where a signed-in user goes: to replace a temporary password first; then, for an admin who must
 * (REQUIRE_ADMIN_2FA), to set up two-factor sign-in; else where they were going when the sign-in
 * guard stopped them (a path of this site only, never `//other.host`); else the dashboard. The
 * server's redirect from /auth and the browser's sign-in screens all ask this.
 */
export function landingPath(user: { mustChangePassword: boolean; mustSetUpTwoFactor?: boolean }, from?: unknown): string {
  if (user.mustChangePassword) return paths.changePassword
  if (user.mustSetUpTwoFactor) return paths.twoFactorSetup
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.dashboard
}

/**
 * Whether the sign-in guard sends this signed-in user to another screen before any course screen
 * (`landingPath` says which). The browser's guard (features/auth/guards.tsx) and the server's
 * rendered pages (src/server/pages/signed-in-pages.ts) both ask this.
 */
export const mustLandElsewhereFirst = (user: { mustChangePassword: boolean; mustSetUpTwoFactor?: boolean }): boolean =>
  user.mustChangePassword || Boolean(user.mustSetUpTwoFactor)

/**
 * Whether the dashboard gives way to the completion page: a finished course, unless the learner
 * has just come from that page (which only the browser knows; the server assumes not).
 */
export const dashboardShowsCompletion = (progress: { isCourseComplete: boolean }, isReturningFromCompletion: boolean): boolean =>
  progress.isCourseComplete && !isReturningFromCompletion
