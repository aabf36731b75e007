import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { CourseProgress } from '../../shared/course/api-types'
import { summarizeCourseProgress } from '../../shared/course/progress'
import { MUST_PASS_MESSAGE } from '../../shared/course/knowledge-check-messages'
import { moduleNumberMessage } from '../../shared/schemas/progress'
import { cacheOf, PROGRESS, writesOfOneLearner } from '../cache/coherent-cache'
import type { LiveCourse } from '../course/course-store'
import { isOnPostgres, prepareSql, type Db, type Tx } from '../db/client'
import { certificate, courseVersion, moduleProgress, user } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'
import { newCertificateId, recipientName, type Recipient } from '../certificates/certificate'
import { hasPassed } from './knowledge-checks'
import type { SessionRowWithProgress, StoredProgress } from '../auth/session-reader'
import { assertWatchedEnough } from './watch'

type Reader = Pick<Db, 'select'>
type ProgressRow = { moduleId: string; completedAt: Date }

/**
 * The progress over the published course this process serves: modules it no longer has do not
 * count, and each completed module carries its position in it
 * (docs/decisions/0036-course-changes-and-progress.md).
 */
export function toCourseProgress(course: LiveCourse, rows: readonly ProgressRow[]): CourseProgress {
  const modules = rows
    .filter((row) => course.numberById.has(row.moduleId))
    .map((row) => ({
      moduleId: row.moduleId,
      moduleNumber: course.numberById.get(row.moduleId)!,
      completedAt: row.completedAt.toISOString(),
    }))
    .sort((a, b) => a.moduleNumber - b.moduleNumber)
  return { ...summarizeCourseProgress(course.catalog.modules, modules.map((module) => module.moduleId)), modules }
}

/**
 * The module a progress write names: a module id (what the client sends, which stays right when
 * modules move) or a position in the published course.
 */
export function resolveModuleRef(course: LiveCourse, ref: string): string {
  if (/^\d+$/.test(ref)) {
    const moduleCount = course.catalog.modules.length
    const number = /^[1-9]\d{0,2}$/.test(ref) ? Number(ref) : 0
    const module = course.catalog.modules[number - 1]
    if (!module) {
      const message = moduleNumberMessage(moduleCount)
      throw new AppError('VALIDATION_FAILED', message, [{ path: 'module', message }])
    }
    return module.id
  }
  if (!course.numberById.has(ref)) throw new AppError('NOT_FOUND', 'Module not found')
  return ref
}

const buildProgressQuery = (db: Reader) =>
  db
    .select({ moduleId: moduleProgress.moduleId, completedAt: moduleProgress.completedAt })
    .from(moduleProgress)
    .where(eq(moduleProgress.userId, sql.placeholder('userId')))
    .prepare('progress_read')

/**
 * The progress query is built once per database handle, not per request: the dashboard reads
 * it on every visit (figure 1 of docs/performance.md). On PostgreSQL the named statement is also
 * parsed once per connection.
 */
const progressQueries = new WeakMap<Reader, ReturnType<typeof buildProgressQuery>>()

/**
 * On PGlite the rows come from the coherent cache when it has them: every committed write to
 * progress drops them first (docs/decisions/0061-coherent-cache-on-pglite.md).
 */
export async function getProgress(db: Reader, course: LiveCourse, userId: string): Promise<CourseProgress> {
  let query = progressQueries.get(db)
  if (!query) progressQueries.set(db, (query = buildProgressQuery(db)))
  const read = () => query.execute({ userId })
  const cache = cacheOf(db)
  return toCourseProgress(course, cache ? await cache.progress(userId, read) : await read())
}

/**
 * Every write of progress rows takes the table's write lock before it locks the learner's row. A
 * publish takes the table in share mode and then updates learners' rows (`recountForCourse`):
 * in the other order, a write holding a learner's row and a publish holding the table would each
 * wait for the other.
 */
const lockProgressForWriting = (tx: Tx) => tx.execute(sql`lock table ${moduleProgress} in row exclusive mode`)

/** The learner's row, locked: every progress write of theirs waits for the one before it. */
async function lockLearner(tx: Tx, userId: string) {
  await lockProgressForWriting(tx)
  const locked = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update')
  // Signed in a moment ago, deleted since: the session is gone too.
  if (locked.length === 0) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
}

/**
 * One row per module of the learner's progress after the write; on PGlite one row with no module
 * when there is none, and no row at all when the learner is gone.
 */
type ToggledRow = { module_id: string | null; completed_ms: number | null }

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
const postgresToggleSql: SQL = sql`select progress_module_id as module_id, progress_completed_ms as completed_ms
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

const learnerGone = (error: unknown): boolean => {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code
  // A foreign key to a deleted user (PGlite's insert), or the function's own refusal (no_data_found).
  return code === '23503' || code === 'P0002'
}

/**
 * On PostgreSQL, PUT /api/progress/:module's one round trip: `toggle_module_progress_in_session`
 * (drizzle/0010_progress_toggle_in_session.sql) checks the session as the session reader does and
 * toggles with `toggle_module_progress` only for a learner `requireUser` lets through.
 */
export const postgresToggleInSessionSql: SQL = sql`select * from toggle_module_progress_in_session(
  ${sql.placeholder('token')}, ${moduleIdParam}, ${sql.placeholder('isCompleted')}, ${nowParam}, ${certificateIdParam})`

type ToggledInSession = {
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

const toggleInSessionStatements = new WeakMap<Db, ReturnType<typeof prepareSql>>()

/**
 * Whether marking this module complete waits on something the one-round-trip toggle does not check:
 * a knowledge check to pass or videos to watch (`setModuleCompleted` checks them first).
 */
export function completionNeedsChecks(course: LiveCourse, moduleId: string, isCompleted: boolean): boolean {
  if (!isCompleted) return false
  const module = course.course.modules[course.numberById.get(moduleId)! - 1]
  return Boolean(module?.knowledgeCheck?.requirePass || module?.requiredWatchPercent)
}

/**
 * `setModuleCompleted` and the session check before it, in one round trip on PostgreSQL
 * (docs/decisions/0073-progress-write-in-one-round-trip.md): the session's row as the session
 * reader's lookups answer it, with the progress after the write, or null progress when the learner
 * must replace a temporary password first (nothing written); undefined when there is no live session.
 * Only for a module `completionNeedsChecks` lets through.
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

type Toggle = ReturnType<typeof prepareSql>
/** The statements, built once per database handle; on PostgreSQL parsed and planned once per connection. */
const toggleStatements = new WeakMap<Db, { complete: Toggle; uncomplete: Toggle }>()
function toggleStatement(db: Db, isCompleted: boolean): Toggle {
  let statements = toggleStatements.get(db)
  if (!statements) {
    const postgres = isOnPostgres(db) ? prepareSql(db, 'progress_toggle', postgresToggleSql) : undefined
    statements = {
      complete: postgres ?? prepareSql(db, 'progress_complete', pgliteToggleSql(true)),
      uncomplete: postgres ?? prepareSql(db, 'progress_uncomplete', pgliteToggleSql(false)),
    }
    toggleStatements.set(db, statements)
  }
  return isCompleted ? statements.complete : statements.uncomplete
}

/**
 * Marks one module complete or incomplete; doing it twice changes nothing. The write that
 * completes the last module of the published course also issues the learner's certificate, dated
 * now, under the name they have today; one who already has one keeps it.
 *
 * One round trip (figure 2 of docs/performance.md;
 * docs/decisions/0063-progress-toggle-in-one-statement.md), which writes the row, recounts the
 * learner's modules, issues the certificate when they reach the live course's module count, and
 * reads the progress back. Two tabs completing the last two modules at once still reach the end,
 * and each answer is the progress right after its own write. It counts against the live
 * version's module ids as the database holds them, not this process's copy, so a publish another
 * process committed a moment ago is already counted. A module that asks for its videos to be
 * watched first is refused until they are (services/watch.ts).
 */
export async function setModuleCompleted(
  db: Db,
  course: LiveCourse,
  learner: Recipient,
  moduleId: string,
  isCompleted: boolean,
  now = new Date(),
): Promise<CourseProgress> {
  // A module whose knowledge check must be passed first (docs/decisions/0052-knowledge-check-attempts.md).
  const number = course.numberById.get(moduleId)
  const check = number ? course.course.modules[number - 1]!.knowledgeCheck : undefined
  if (isCompleted && check?.requirePass && !(await hasPassed(db, learner.id, moduleId))) {
    throw new AppError('CONFLICT', MUST_PASS_MESSAGE)
  }
  if (isCompleted) await assertWatchedEnough(db, course, learner.id, moduleId)
  let rows: ToggledRow[]
  try {
    // Of what is cached, this changes the learner's progress only: their user row's count and last
    // activity are not part of a cached session (cache/coherent-cache.ts).
    const result = await writesOfOneLearner(db, learner.id, PROGRESS, () =>
      toggleStatement(db, isCompleted).execute({
        userId: learner.id,
        moduleId,
        isCompleted,
        now,
        certificateId: newCertificateId(),
        recipientName: recipientName(learner),
      }),
    )
    // Both drivers answer { rows }.
    rows = (result as { rows: ToggledRow[] }).rows
  } catch (error) {
    // Signed in a moment ago, deleted since: the session is gone too.
    if (learnerGone(error)) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
    throw error
  }
  // PGlite's statement found no learner row to count on: deleted since the session check.
  if (rows.length === 0 && !isOnPostgres(db)) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
  return toCourseProgress(
    course,
    rows.flatMap((row) => (row.module_id === null ? [] : [{ moduleId: row.module_id, completedAt: new Date(row.completed_ms!) }])),
  )
}

/** Clears every module; an issued certificate stays (and stays verifiable). */
export async function resetProgress(
  db: Db,
  course: LiveCourse,
  learner: { id: string; email: string },
  audit: AuditContext,
  now = new Date(),
): Promise<CourseProgress> {
  // Of what is cached, this changes the learner's progress only (as setModuleCompleted).
  await writesOfOneLearner(db, learner.id, PROGRESS, () => db.transaction(async (tx) => {
    await lockLearner(tx, learner.id)
    await tx.delete(moduleProgress).where(eq(moduleProgress.userId, learner.id))
    await tx.update(user).set({ completedModules: 0, lastActivityAt: now }).where(eq(user.id, learner.id))
    await recordAudit(tx, audit, { action: 'progress_reset', target: { id: learner.id, email: learner.email } })
  }))
  return getProgress(db, course, learner.id)
}

/**
 * Progress writes wait until the transaction ends (and it waits for those under way): a publish
 * takes this first, so no write counts against the old course after it.
 */
export const holdProgressWrites = (tx: Tx) => tx.execute(sql`lock table ${moduleProgress} in share mode`)

/**
 * A publish's part (src/server/course/publish.ts), in its transaction, after `holdProgressWrites`:
 * every user's module count against the new course's modules, and a certificate, dated now, for
 * everyone the change completes (a module they had not done was taken out, say). Only the users
 * whose count changes are written.
 */
export async function recountForCourse(tx: Tx, moduleIds: readonly string[], now: Date): Promise<void> {
  await holdProgressWrites(tx)
  await tx.execute(sql`
    with live (module_id) as (select jsonb_array_elements_text(${JSON.stringify(moduleIds)}::jsonb)),
    counted as (
      select ${user}.id, count(${moduleProgress}.module_id)::smallint as completed
      from ${user} left join ${moduleProgress}
        on ${moduleProgress}.user_id = ${user}.id and ${moduleProgress}.module_id in (select module_id from live)
      group by ${user}.id
    )
    update ${user} set completed_modules = counted.completed
    from counted where ${user}.id = counted.id and ${user}.completed_modules <> counted.completed`)
  const completers = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(
      and(
        eq(user.completedModules, moduleIds.length),
        // Spelled out: in a one-table subquery drizzle would leave the table off "user"."id".
        sql`not exists (select 1 from ${certificate} as "c" where "c"."user_id" = "user"."id")`,
      ),
    )
  if (completers.length === 0) return
  await tx
    .insert(certificate)
    .values(
      completers.map((learner) => ({
        id: newCertificateId(),
        userId: learner.id,
        recipientName: recipientName(learner),
        completedAt: now,
        issuedAt: now,
        moduleCount: moduleIds.length,
      })),
    )
    .onConflictDoNothing()
}
