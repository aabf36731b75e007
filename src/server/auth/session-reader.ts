import { and, eq, gt, sql } from 'drizzle-orm'
import type { Role } from '../../shared/schemas/fields'
import { cacheOf, SESSIONS, writesOfOneLearner } from '../cache/coherent-cache'
import type { Db } from '../db/client'
import { moduleProgress, session, user } from '../db/schema'
import { sessionCookieName, sessionSetCookie, verifiedSignedValue } from './better-auth-formats'
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS, type SessionUser } from './session'

type SessionRow = Omit<SessionUser, 'role'> & { role: string; expiresAt: Date }
/** A progress row as the combined lookup sends it: module id, completion time in epoch milliseconds. */
export type StoredProgress = [moduleId: string, completedMs: number]
/** A session check's row with the learner's progress; null when the statement left them unread. */
export type SessionRowWithProgress = SessionRow & { progress: StoredProgress[] | null }
/**
 * A statement of a route's that checks the session as the lookups below do and answers the
 * progress too (`readWithProgress`), or `undefined` at once when it declines for this request.
 */
export type SessionStatement = (token: string) => Promise<SessionRowWithProgress | undefined> | undefined
/** A learner's completed module (services/progress.ts reads the same rows). */
export type ProgressRow = { moduleId: string; completedAt: Date }

/** Signed session cookies remembered as checked (below): a few megabytes at most. */
const VERIFIED_COOKIES = 10_000

/** A cookie's raw value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=')
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim()
  }
  return undefined
}

/**
 * The session check's two statements, unprepared: the reader below prepares them, and the bench's
 * bare reference server (bench/lib/bare-database-server.mjs) sends their SQL text as it is.
 */
export function sessionLookups(db: Pick<Db, 'select'>) {
  const sessionColumns = {
    sessionId: session.id,
    expiresAt: session.expiresAt,
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    twoFactorEnabled: user.twoFactorEnabled,
  }
  const sessionIsLive = and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`), eq(user.banned, false))
  const lookup = db
    .select(sessionColumns)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(sessionIsLive)
    .limit(1)

  // The same check with the learner's progress rows alongside, for GET /api/progress on PostgreSQL:
  // one round trip instead of two (docs/decisions/0064-progress-read-in-one-statement.md).
  const lookupWithProgress = db
    .select({
      ...sessionColumns,
      progress: sql<StoredProgress[]>`coalesce((
        select json_agg(json_build_array(${moduleProgress.moduleId}, (extract(epoch from ${moduleProgress.completedAt}) * 1000)::float8))
        from ${moduleProgress} where ${moduleProgress.userId} = ${user.id}), '[]'::json)`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(sessionIsLive)
    .limit(1)

  return { lookup, lookupWithProgress }
}

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
  const queries = sessionLookups(db)
  const lookup = queries.lookup.prepare('session_lookup')
  const lookupWithProgress = queries.lookupWithProgress.prepare('session_lookup_with_progress')

  const extend = db
    .update(session)
    .set({ expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE_SECONDS})`, updatedAt: sql`now()` })
    .where(eq(session.id, sql.placeholder('id')))
    .prepare('session_extend')

  const cache = cacheOf(db)
  // A cookie value whose signature checked out, and its token: checking is a pure function of the
  // value and the secret, so a repeat needs no HMAC. Only values that verified are kept, at most
  // VERIFIED_COOKIES of them; the session itself is still looked up on every request.
  const verified = new Map<string, string>()
  const verifiedToken = (raw: string) => {
    const known = verified.get(raw)
    if (known !== undefined) return known
    const token = verifiedSignedValue(raw, secret)
    if (token === undefined) return undefined
    if (verified.size >= VERIFIED_COOKIES) verified.clear()
    verified.set(raw, token)
    return token
  }
  const lookUp = async (token: string) => (await lookup.execute({ token }))[0]
  /** The session check as every guard makes it: from the coherent cache on PGlite. */
  const findSession = (token: string) => (cache ? cache.session(token, () => lookUp(token)) : lookUp(token))

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
    /**
     * `read`, and the user's progress rows from the same statement: by default the session check
     * that also reads them, or a route's own (one that writes them first, say). When that one
     * declines, the plain session check, and no rows.
     */
    async readWithProgress(
      cookieHeader: string | undefined,
      statement: SessionStatement = async (token) => (await lookupWithProgress.execute({ token }))[0],
    ): Promise<{ user: SessionUser; extended: string | undefined; progress: ProgressRow[] | undefined } | undefined> {
      const result = await check<SessionRow & { progress?: StoredProgress[] | null }>(cookieHeader, (token) => statement(token) ?? findSession(token))
      if (!result) return undefined
      const progress = result.row.progress?.map(([moduleId, completedMs]) => ({ moduleId, completedAt: new Date(completedMs) }))
      return { user: result.user, extended: result.extended, progress }
    },
    /** The Set-Cookie that keeps the browser's cookie alive as long as the extended session. */
    refreshedCookie(rawValue: string): string {
      return sessionSetCookie(cookieName, rawValue, SESSION_MAX_AGE_SECONDS, secureCookies)
    },
  }
}

export type SessionReader = ReturnType<typeof createSessionReader>
