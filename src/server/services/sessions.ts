import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import type { EndedSessions, SessionList } from '../../shared/api-types'
import type { SessionUser } from '../auth/session'
import { SESSIONS, writesOfOneLearner } from '../cache/coherent-cache'
import type { Db, Tx } from '../db/client'
import { session, user } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'

// The Security page's session list, and the admin's "end all sessions" of a user
// (docs/decisions/0085-session-list.md). A session is Better Auth's `session` row; deleting it is
// what signing out does, and the session reader finds no row on the very next request. On PGlite
// the delete goes through the tracked handle, which drops the learner's cached sessions once it
// has committed (docs/decisions/0061-coherent-cache-on-pglite.md).

type Current = Pick<SessionUser, 'id' | 'email' | 'sessionId'>

/** A session is extended a day after its last extension at the soonest; a minute is far from both. */
const EXTENDED_AFTER_MS = 60_000

/** A write of one learner's session rows, with its audit entry, in one transaction. */
const endingSessionsOf = <T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>) =>
  writesOfOneLearner(db, userId, SESSIONS, () => db.transaction(work))

/** The signed-in user's live sessions: the current one first, then the most recently active. */
export async function listSessions(db: Db, current: Current): Promise<SessionList> {
  const rows = await db
    .select({ id: session.id, createdAt: session.createdAt, updatedAt: session.updatedAt, userAgent: session.userAgent })
    .from(session)
    .where(and(eq(session.userId, current.id), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.updatedAt), desc(session.createdAt))
  const sessions = rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    // Extending a session (at most daily) is the only write that moves it: before that, unknown.
    // Better Auth stamps a new session's two times with two readings of the clock, which can be a
    // millisecond apart: that is not an extension.
    lastActiveAt: row.updatedAt.getTime() - row.createdAt.getTime() >= EXTENDED_AFTER_MS ? row.updatedAt.toISOString() : null,
    userAgent: row.userAgent,
    isCurrent: row.id === current.sessionId,
  }))
  return { sessions: [...sessions.filter((s) => s.isCurrent), ...sessions.filter((s) => !s.isCurrent)] }
}

/**
 * Ends one of the user's other sessions. Another user's session, an unknown id and the current
 * one (that is Sign Out's) are refused, and change nothing.
 */
export async function endOwnSession(db: Db, current: Current, sessionId: string, context: AuditContext): Promise<void> {
  if (sessionId === current.sessionId) {
    throw new AppError('CONFLICT', 'This is the session you are using: use Sign Out to end it.')
  }
  await endingSessionsOf(db, current.id, async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.id, sessionId), eq(session.userId, current.id)))
      .returning({ id: session.id })
    if (ended.length === 0) throw new AppError('NOT_FOUND', 'Session not found')
    await recordAudit(tx, context, { action: 'session_ended', target: { id: current.id, email: current.email } })
  })
}

/** "Sign out everywhere else": every session of the user but the current one. Recorded when one ended. */
export async function endOtherSessions(db: Db, current: Current, context: AuditContext): Promise<EndedSessions> {
  return endingSessionsOf(db, current.id, async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, current.id), ne(session.id, current.sessionId)))
      .returning({ expiresAt: session.expiresAt })
    const endedCount = ended.filter((row) => row.expiresAt.getTime() > Date.now()).length
    if (endedCount > 0) {
      const target = { id: current.id, email: current.email }
      await recordAudit(tx, context, { action: 'other_sessions_ended', target, detail: { sessionCount: endedCount } })
    }
    return { endedCount }
  })
}

/**
 * An admin ends every session of a user (a lost phone, a shared computer): their browsers are
 * signed out on their next request; they can sign in again. Not the admin's own (the Security
 * page is for that), and not an unknown user.
 */
export async function endUserSessions(db: Db, actorId: string, userId: string, context: AuditContext): Promise<EndedSessions> {
  if (actorId === userId) throw new AppError('FORBIDDEN', 'End your own sessions from your Security page.')
  return endingSessionsOf(db, userId, async (tx) => {
    const [target] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).limit(1)
    if (!target) throw new AppError('NOT_FOUND', 'User not found')
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ expiresAt: session.expiresAt })
    const endedCount = ended.filter((row) => row.expiresAt.getTime() > Date.now()).length
    await recordAudit(tx, context, { action: 'user_sessions_ended', target, detail: { sessionCount: endedCount } })
    return { endedCount }
  })
}
