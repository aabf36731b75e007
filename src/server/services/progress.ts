import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { CourseProgress } from '../../shared/course/api-types'
import { summarizeCourseProgress } from '../../shared/course/progress'
import { MUST_PASS_MESSAGE } from '../../shared/course/knowledge-check-messages'
import { moduleNumberMessage } from '../../shared/schemas/progress'
import { cacheOf, PROGRESS, writesOfOneLearner } from '../cache/coherent-cache'
import type { LiveCourse } from '../course/course-store'
import { prepareSql, type Db, type Tx } from '../db/client'
import { certificate, courseVersion, moduleProgress, user } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'
import { newCertificateId, recipientName, type Recipient } from '../certificates/certificate'
import { hasPassed } from './knowledge-checks'
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

/** One row per module of the learner's progress after the write (or one with no module when there is none). */
type ToggledRow = { module_id: string | null; completed_ms: number | null; counted: number; live_count: number }

const isForeignKeyViolation = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: string } }).cause
  return (error as { code?: string }).code === '23503' || cause?.code === '23503'
}

const userIdParam = sql.placeholder('userId')
const moduleIdParam = sql.placeholder('moduleId')
const nowParam = sql.placeholder('now')

/**
 * setModuleCompleted's statement, completing (`isCompleted`) or uncompleting a module. Exported for
 * the bench's bare reference server (bench/lib/bare-database-server.mjs), which sends the same text.
 */
export const toggleSql = (isCompleted: boolean): SQL => {
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
            returning module_id
          ),
          progress as (
            select module_id, completed_at from ${moduleProgress}
            where user_id = ${userIdParam} and module_id <> ${moduleIdParam}
          )`
  const step = isCompleted ? sql`+` : sql`-`
  return sql`
      with live as (
        select module_ids from ${courseVersion} order by version desc limit 1
      ),
      ${progress},
      counted as (
        update ${user} set
          completed_modules = completed_modules ${step} (select count(*) from written, live where written.module_id = any(live.module_ids)),
          last_activity_at = ${nowParam}
        where id = ${userIdParam} returning completed_modules
      ),
      issued as (
        insert into ${certificate} (id, user_id, recipient_name, completed_at, issued_at, module_count)
        select ${sql.placeholder('certificateId')}::text, ${userIdParam}::text, ${sql.placeholder('recipientName')}::text,
               ${nowParam}::timestamptz, ${nowParam}::timestamptz, cardinality(live.module_ids)
        from counted, live where counted.completed_modules = cardinality(live.module_ids)
        on conflict (user_id) do nothing
      )
      select progress.module_id, (extract(epoch from progress.completed_at) * 1000)::float8 as completed_ms,
             counted.completed_modules::int as counted,
             (select count(*) from progress, live where progress.module_id = any(live.module_ids))::int as live_count
      from counted left join progress on true`
}

const buildToggle = (db: Db, isCompleted: boolean) =>
  prepareSql(db, isCompleted ? 'progress_complete' : 'progress_uncomplete', toggleSql(isCompleted))

/** Both statements, built once per database handle; on PostgreSQL parsed and planned once per connection. */
const toggleStatements = new WeakMap<Db, { complete: ReturnType<typeof buildToggle>; uncomplete: ReturnType<typeof buildToggle> }>()
function toggleStatement(db: Db, isCompleted: boolean) {
  let statements = toggleStatements.get(db)
  if (!statements) toggleStatements.set(db, (statements = { complete: buildToggle(db, true), uncomplete: buildToggle(db, false) }))
  return isCompleted ? statements.complete : statements.uncomplete
}

/**
 * Marks one module complete or incomplete; doing it twice changes nothing. The write that
 * completes the last module of the published course also issues the learner's certificate, dated
 * now, under the name they have today; one who already has one keeps it.
 *
 * One statement, one round trip (figure 2 of docs/performance.md;
 * docs/decisions/0063-progress-toggle-in-one-statement.md): it writes the row, moves the learner's
 * counter by what it wrote, issues the certificate when the counter reaches the live course's
 * module count, and reads the progress back. Two tabs completing the last two modules at once
 * still reach the end: the counter is `completed_modules + 1`, and an UPDATE that waits for the
 * other tab's update of the same row is evaluated again against the row the other tab committed
 * (READ COMMITTED's recheck), so the second one counts eight, not seven. What the statement reads
 * back comes from its snapshot, which can predate that other tab's row: when it does not add up to
 * the counter, the progress is read again. The statement takes module_progress's write lock
 * before it touches the learner's row (every statement locks its tables first), the order
 * `holdProgressWrites` and user deletion rely on. It counts against the live version's module ids
 * as the database holds them, not this process's copy, so a publish another process committed a
 * moment ago is already counted. A module that asks for its videos to be watched first is refused
 * until they are (services/watch.ts).
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
        now,
        certificateId: newCertificateId(),
        recipientName: recipientName(learner),
      }),
    )
    // Both drivers answer { rows }.
    rows = (result as { rows: ToggledRow[] }).rows
  } catch (error) {
    // Signed in a moment ago, deleted since (the new row's learner is gone): the session is gone too.
    if (isForeignKeyViolation(error)) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
    throw error
  }
  // No counter updated: the learner was deleted since the session check.
  if (rows.length === 0) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
  // Another tab's write committed after this statement's snapshot: read what is there now.
  if (rows[0]!.counted !== rows[0]!.live_count) return getProgress(db, course, learner.id)
  return toCourseProgress(
    course,
    rows.flatMap((row) =>
      row.module_id === null ? [] : [{ moduleId: row.module_id, completedAt: new Date(row.completed_ms!) }],
    ),
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
