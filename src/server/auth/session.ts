import type { Role } from '../../shared/schemas/fields'

/**
 * A session lasts a week from its last extension, and is extended (with its cookie) on the first
 * request after a day (docs/decisions/0001-cookie-sessions.md). Better Auth (auth.ts) and the
 * portal's own session reader (session-reader.ts) both follow these.
 */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24

/** The signed-in user as the guards hand them to a route: read with the session, on every request. */
export type SessionUser = {
  id: string
  email: string
  name: string
  role: Role
  mustChangePassword: boolean
  /** Two-factor sign-in is on (an admin without it is refused the admin routes: guards.ts). */
  twoFactorEnabled: boolean
  sessionId: string
}
