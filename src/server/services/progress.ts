import { asc, eq, sql } from 'drizzle-orm'
import type { ProgressResponse } from '../../shared/course/api-types'
import { MODULE_COUNT } from '../../shared/course/catalog'
import { summarizeProgress } from '../../shared/course/progress'
import type { Db } from '../db/client'
import { certificate, moduleProgress, user } from '../db/schema'
import { AppError } from '../errors'
import { newCertificateId, recipientName, type Recipient } from '../certificates/certificate'

type Reader = Pick<Db, 'select'>

const buildProgressQuery = (db: Reader) =>
  db
    .select({ moduleNumber: moduleProgress.moduleNumber, completedAt: moduleProgress.completedAt })
    .from(moduleProgress)
    .where(eq(moduleProgress.userId, sql.placeholder('userId')))
    .orderBy(asc(moduleProgress.moduleNumber))
    .prepare('progress_read')

/**
 * The progress query is built once per database handle, not per request: the dashboard reads
 * it on every visit (figure 1 of docs/performance.md). On PostgreSQL the named statement is also
 * parsed once per connection.
 */
const progressQueries = new WeakMap<Reader, ReturnType<typeof buildProgressQuery>>()

export async function getProgress(db: Reader, userId: string): Promise<ProgressResponse> {
  let query = progressQueries.get(db)
  if (!query) progressQueries.set(db, (query = buildProgressQuery(db)))
  const rows = await query.execute({ userId })
  return {
    ...summarizeProgress(rows.map((row) => row.moduleNumber)),
    modules: rows.map((row) => ({ moduleNumber: row.moduleNumber, completedAt: row.completedAt.toISOString() })),
  }
}

type ProgressRow = { module_number: number; completed_ms: number }

/**
 * Marks one module complete or incomplete; doing it twice changes nothing. The write that
 * completes the eighth module also issues the learner's certificate, dated now, under the name
 * they have today; one who already has one (they reset and completed again) keeps it.
 *
 * Four round trips (figure 2 of docs/performance.md): begin, the learner's row locked, one
 * statement that writes, counts, issues and reads back, commit. The lock comes first, so the
 * statement's snapshot holds every earlier write: two tabs completing the last two modules at
 * once still reach eight and the certificate, and each answer is the state its write left.
 */
export async function setModuleCompleted(
  db: Db,
  learner: Recipient,
  moduleNumber: number,
  isCompleted: boolean,
  now = new Date(),
): Promise<ProgressResponse> {
  const progress = isCompleted
    ? sql`written as (
            insert into ${moduleProgress} (user_id, module_number, completed_at)
            values (${learner.id}, ${moduleNumber}, ${now})
            on conflict do nothing returning module_number, completed_at
          ),
          progress as (
            select module_number, completed_at from ${moduleProgress} where user_id = ${learner.id}
            union all select module_number, completed_at from written
          )`
    : sql`written as (
            delete from ${moduleProgress} where user_id = ${learner.id} and module_number = ${moduleNumber}
          ),
          progress as (
            select module_number, completed_at from ${moduleProgress}
            where user_id = ${learner.id} and module_number <> ${moduleNumber}
          )`
  const rows = await db.transaction(async (tx) => {
    const locked = await tx.select({ id: user.id }).from(user).where(eq(user.id, learner.id)).for('update')
    // Signed in a moment ago, deleted since: the session is gone too.
    if (locked.length === 0) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
    const result = await tx.execute(sql`
      with ${progress},
      counted as (
        update ${user} set completed_modules = (select count(*) from progress), last_activity_at = ${now}
        where id = ${learner.id} returning completed_modules
      ),
      issued as (
        insert into ${certificate} (id, user_id, recipient_name, completed_at, issued_at)
        select ${newCertificateId()}::text, ${learner.id}::text, ${recipientName(learner)}::text, ${now}::timestamptz, ${now}::timestamptz
        from counted where completed_modules = ${MODULE_COUNT}
        on conflict (user_id) do nothing
      )
      select module_number, (extract(epoch from completed_at) * 1000)::float8 as completed_ms
      from progress order by module_number`)
    // Both drivers answer { rows }; Drizzle's shared type leaves it unknown.
    return (result as unknown as { rows: ProgressRow[] }).rows
  })
  return {
    ...summarizeProgress(rows.map((row) => row.module_number)),
    modules: rows.map((row) => ({ moduleNumber: row.module_number, completedAt: new Date(row.completed_ms).toISOString() })),
  }
}

/** Clears every module; an issued certificate stays (and stays verifiable). */
export async function resetProgress(db: Db, userId: string, now = new Date()): Promise<ProgressResponse> {
  await db.transaction(async (tx) => {
    // The learner's row first, as every progress write locks it.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update')
    await tx.delete(moduleProgress).where(eq(moduleProgress.userId, userId))
    await tx.update(user).set({ completedModules: 0, lastActivityAt: now }).where(eq(user.id, userId))
  })
  return getProgress(db, userId)
}
