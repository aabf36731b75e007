import { sql, type SQL } from 'drizzle-orm'
import type { StoredProgress } from '../auth/session-lookup'
import { certificate, courseVersion, moduleProgress, user } from '../db/schema'

// The completion toggle's SQL, one text per database. Both do the same work, and
// progress-parity.test.ts runs each against the other on the same cases, so a change to one fails
// until the other follows. progress-write.ts chooses between them; the bench's bare reference
// server sends the same texts (bench/lib/portal-statements.ts).

/**
 * One row per module of the learner's progress after the write; on PGlite one row with no module
 * when there is none, and no row at all when the learner is gone.
 */
export type ToggledRow = { module_id: string | null; completed_ms: number | null }

const userIdParam = sql.placeholder('userId')
const moduleIdParam = sql.placeholder('moduleId')
const nowParam = sql.placeholder('now')
const certificateIdParam = sql.placeholder('certificateId')
const recipientNameParam = sql.placeholder('recipientName')

/**
 * On PostgreSQL: `toggle_module_progress` (drizzle/0009_progress_toggle.sql), one round trip that
 * takes the table's write lock and the learner's row lock before it writes, recounts, issues and
 * reads back, each with a fresh snapshot. Several processes write at once there, and a lone
 * statement's snapshot would predate a row lock it waited for. PUT /api/progress/:module sends it
 * from inside `toggle_module_progress_in_session` (below), and this way only for a module with
 * checks to make first.
 */
export const postgresToggleSql: SQL = sql`select progress_module_id as module_id, progress_completed_ms as completed_ms
  from toggle_module_progress(${userIdParam}, ${moduleIdParam}, ${sql.placeholder('isCompleted')},
                              ${nowParam}, ${certificateIdParam}, ${recipientNameParam})`

/**
 * On PGlite: the same work as one plain statement. PGlite runs one statement at a time, so nothing
 * commits between its snapshot and its write, and it needs no lock; a statement that names the
 * tables it writes is also what the coherent cache reads to know what to drop (cache/tracked-pglite.ts).
 */
export const pgliteToggleSql = (isCompleted: boolean): SQL => {
  const progress = isCompleted
    ? sql`written as (
            insert into ${moduleProgress} (user_id, module_id, completed_at)
            values (${userIdParam}, ${moduleIdParam}, ${nowParam})
            on conflict do nothing returning module_id, completed_at
          ),
          progress as (
            select module_id, completed_at from ${moduleProgress} where user_id = ${userIdParam}
            union all select module_id, completed_at from written
          )`
    : sql`written as (
            delete from ${moduleProgress} where user_id = ${userIdParam} and module_id = ${moduleIdParam}
          ),
          progress as (
            select module_id, completed_at from ${moduleProgress}
            where user_id = ${userIdParam} and module_id <> ${moduleIdParam}
          )`
  return sql`
      with live as (
        select module_ids from ${courseVersion} order by version desc limit 1
      ),
      ${progress},
      counted as (
        update ${user} set
          completed_modules = (select count(*) from progress, live where progress.module_id = any(live.module_ids)),
          last_activity_at = ${nowParam}
        where id = ${userIdParam} returning completed_modules
      ),
      issued as (
        insert into ${certificate} (id, user_id, recipient_name, completed_at, issued_at, module_count)
        select ${certificateIdParam}::text, ${userIdParam}::text, ${recipientNameParam}::text,
               ${nowParam}::timestamptz, ${nowParam}::timestamptz, cardinality(live.module_ids)
        from counted, live where counted.completed_modules = cardinality(live.module_ids)
        on conflict (user_id) do nothing
      )
      select progress.module_id, (extract(epoch from progress.completed_at) * 1000)::float8 as completed_ms
      from counted left join progress on true`
}

/**
 * On PostgreSQL, PUT /api/progress/:module's one round trip: `toggle_module_progress_in_session`
 * (drizzle/0010_progress_toggle_in_session.sql) checks the session as the session reader does and
 * toggles with `toggle_module_progress` only for a learner `requireUser` lets through.
 */
export const postgresToggleInSessionSql: SQL = sql`select * from toggle_module_progress_in_session(
  ${sql.placeholder('token')}, ${moduleIdParam}, ${sql.placeholder('isCompleted')}, ${nowParam}, ${certificateIdParam})`

/** What `toggle_module_progress_in_session` answers: the session's row, and the progress it wrote (null: nothing written). */
export type ToggledInSession = {
  session_id: string
  session_expires_ms: number
  user_id: string
  user_email: string
  user_name: string
  user_role: string
  user_must_change_password: boolean
  user_two_factor_enabled: boolean
  progress: StoredProgress[] | null
}

/** Whether a toggle failed because the learner is gone: signed in a moment ago, deleted since. */
export const learnerGone = (error: unknown): boolean => {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code
  // A foreign key to a deleted user (PGlite's insert), or the function's own refusal (no_data_found).
  return code === '23503' || code === 'P0002'
}
