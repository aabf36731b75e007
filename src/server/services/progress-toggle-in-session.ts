import type { SessionRowWithProgress } from '../auth/session-lookup'
import { newCertificateId } from '../certificates/certificate'
import { prepareSql, type Db } from '../db/client'
import { learnerGone, postgresToggleInSessionSql, type ToggledInSession } from './progress-sql'

const toggleInSessionStatements = new WeakMap<Db, ReturnType<typeof prepareSql>>()

/**
 * `setModuleCompleted` and the session check before it, in one round trip on PostgreSQL
 * (docs/decisions/0073-progress-write-in-one-round-trip.md): the session's row as the session
 * reader's lookups answer it, with the progress after the write, or null progress when the learner
 * must replace a temporary password first (nothing written); undefined when there is no live session.
 * Only for a module with no knowledge check or videos to check first (progress-write.ts).
 */
export async function toggleInSession(
  db: Db,
  token: string,
  moduleId: string,
  isCompleted: boolean,
  now = new Date(),
): Promise<SessionRowWithProgress | undefined> {
  let statement = toggleInSessionStatements.get(db)
  if (!statement) toggleInSessionStatements.set(db, (statement = prepareSql(db, 'progress_toggle_in_session', postgresToggleInSessionSql)))
  let row: ToggledInSession | undefined
  try {
    const result = (await statement.execute({ token, moduleId, isCompleted, now, certificateId: newCertificateId() })) as { rows: ToggledInSession[] }
    row = result.rows[0]
  } catch (error) {
    // Signed in a moment ago, deleted since: the session is gone too.
    if (learnerGone(error)) return undefined
    throw error
  }
  return (
    row && {
      sessionId: row.session_id,
      expiresAt: new Date(row.session_expires_ms),
      id: row.user_id,
      email: row.user_email,
      name: row.user_name,
      role: row.user_role,
      mustChangePassword: row.user_must_change_password,
      twoFactorEnabled: row.user_two_factor_enabled,
      progress: row.progress,
    }
  )
}
