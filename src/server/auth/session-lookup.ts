import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { session, user } from '../db/schema'
import type { SessionUser } from './session'

// Who has a live session, as SQL. Migration 0010's toggle makes the same check in PL/pgSQL;
// services/progress-parity.test.ts runs both on the same sessions, so one cannot change alone.

/** A session check's row: the session, and the user as the guards need them. */
export type SessionRow = Omit<SessionUser, 'role'> & { role: string; expiresAt: Date }
/** A progress row as the combined lookups send it: module id, completion time in epoch milliseconds. */
export type StoredProgress = [moduleId: string, completedMs: number]
/** A session check's row with the learner's progress; null when the statement left them unread. */
export type SessionRowWithProgress = SessionRow & { progress: StoredProgress[] | null }
/**
 * A statement of a route's that checks the session as `sessionLookup` does and answers what the
 * route needs next with it (the progress service's, the watch report's), or `undefined` at once
 * when it declines for this request.
 */
export type SessionStatementOf<Row extends SessionRow> = (token: string) => Promise<Row | undefined> | undefined
/** The progress service's session statement: the session and the learner's progress. */
export type SessionStatement = SessionStatementOf<SessionRowWithProgress>

/** The columns every session check answers. */
export const sessionColumns = {
  sessionId: session.id,
  expiresAt: session.expiresAt,
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  mustChangePassword: user.mustChangePassword,
  twoFactorEnabled: user.twoFactorEnabled,
}

/** A live session: this token, not expired, its user not disabled. */
export const sessionIsLive = and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`), eq(user.banned, false))

/**
 * The session check, unprepared: the reader prepares it, and the bench's bare reference server
 * (bench/lib/bare-database-server.mjs) sends its SQL text as it is.
 */
export const sessionLookup = (db: Pick<Db, 'select'>) =>
  db.select(sessionColumns).from(session).innerJoin(user, eq(user.id, session.userId)).where(sessionIsLive).limit(1)
