import { eq, sql } from 'drizzle-orm'
import type { Role } from '../../shared/schemas/fields'
import { cacheOf, SESSIONS, writesOfOneLearner } from '../cache/coherent-cache'
import type { Db } from '../db/client'
import { session, type ProgressRow } from '../db/schema'
import { sessionCookieName, sessionSetCookie } from './better-auth-formats'
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS, type SessionUser } from './session'
import { createCookieVerifier, readCookie } from './session-cookie'
import { sessionLookup, type SessionRow, type SessionRowWithProgress, type SessionStatementOf } from './session-lookup'

/**
 * The app's own session check: one indexed lookup of session and user, no cache window, so a
 * revoked session, a disabled account or a role change applies to the very next request.
 * Better Auth's full getSession does far more work per call (see docs/performance.md). On PGlite
 * the lookup's answer is kept in the process's coherent cache, which every committed write to
 * sessions or users invalidates first (docs/decisions/0061-coherent-cache-on-pglite.md); its
 * expiry is checked against the clock on every read.
 * `secureCookies`: the cookie is the `__Secure-` one (env.secureCookies).
 */
export function createSessionReader(db: Db, secret: string, secureCookies: boolean) {
  const cookieName = sessionCookieName(secureCookies)
  const lookupStatement = sessionLookup(db).prepare('session_lookup')

  const extend = db
    .update(session)
    .set({ expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE_SECONDS})`, updatedAt: sql`now()` })
    .where(eq(session.id, sql.placeholder('id')))
    .prepare('session_extend')

  const cache = cacheOf(db)
  const verifiedToken = createCookieVerifier(secret)
  /** The session check as every guard makes it: the lookup, answered from the coherent cache on PGlite. */
  const findSession = (token: string): Promise<SessionRow | undefined> => {
    const lookUp = async () => (await lookupStatement.execute({ token }))[0]
    return cache ? cache.session(token, lookUp) : lookUp()
  }

  /**
   * The cookie's session looked up by `find`; a session past its update age is extended (sliding
   * expiry), on the rare request that needs it, by a second statement.
   */
  async function check<Row extends SessionRow>(
    cookieHeader: string | undefined,
    find: (token: string) => Promise<Row | undefined>,
  ): Promise<{ row: Row; user: SessionUser; extended: string | undefined } | undefined> {
    const raw = readCookie(cookieHeader, cookieName)
    const token = raw && verifiedToken(raw)
    if (!token) return undefined
    const row = await find(token)
    if (!row) return undefined
    const remainingMs = row.expiresAt.getTime() - Date.now()
    let extended: string | undefined
    if (remainingMs < (SESSION_MAX_AGE_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000) {
      // It changes this learner's session only: the cache drops their sessions, nobody else's.
      await writesOfOneLearner(db, row.id, SESSIONS, () => extend.execute({ id: row.sessionId }))
      extended = raw
    }
    const { sessionId, id, email, name, role, mustChangePassword, twoFactorEnabled } = row
    return { row, user: { sessionId, id, email, name, role: role as Role, mustChangePassword, twoFactorEnabled }, extended }
  }

  /**
   * `read` by a route's own statement, which answers what the route needs next with the session.
   * `row` is its answer; when it declines, the plain session check, and no row.
   */
  async function readWith<Row extends SessionRow>(
    cookieHeader: string | undefined,
    statement: SessionStatementOf<Row>,
  ): Promise<{ user: SessionUser; extended: string | undefined; row: Row | undefined } | undefined> {
    let answered = false
    const result = await check<SessionRow>(cookieHeader, (token) => {
      const own = statement(token)
      answered = own !== undefined
      return own ?? findSession(token)
    })
    return result && { user: result.user, extended: result.extended, row: answered ? (result.row as Row) : undefined }
  }

  return {
    /** Whether the request carries a session cookie whose signature checks out (no lookup). */
    hasSignedCookie(cookieHeader: string | undefined): boolean {
      const raw = readCookie(cookieHeader, cookieName)
      return Boolean(raw && verifiedToken(raw))
    },
    /** The signed-in user, and whether the session was just extended (sliding expiry). */
    async read(cookieHeader: string | undefined): Promise<{ user: SessionUser; extended: string | undefined } | undefined> {
      const result = await check(cookieHeader, findSession)
      return result && { user: result.user, extended: result.extended }
    },
    readWith,
    /** `readWith` the progress service's statement, which reads the user's progress rows, or writes them first. */
    async readWithProgress(
      cookieHeader: string | undefined,
      statement: SessionStatementOf<SessionRowWithProgress>,
    ): Promise<{ user: SessionUser; extended: string | undefined; progress: ProgressRow[] | undefined } | undefined> {
      const result = await readWith(cookieHeader, statement)
      if (!result) return undefined
      const progress = result.row?.progress?.map(([moduleId, completedMs]) => ({ moduleId, completedAt: new Date(completedMs) }))
      return { user: result.user, extended: result.extended, progress }
    },
    /** The Set-Cookie that keeps the browser's cookie alive as long as the extended session. */
    refreshedCookie(rawValue: string): string {
      return sessionSetCookie(cookieName, rawValue, SESSION_MAX_AGE_SECONDS, secureCookies)
    },
  }
}

export type SessionReader = ReturnType<typeof createSessionReader>
