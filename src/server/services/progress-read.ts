import { eq, sql } from 'drizzle-orm'
import type { CourseProgress } from '../../shared/course/api-types'
import { summarizeCourseProgress } from '../../shared/course/progress'
import { sessionColumns, sessionIsLive, type SessionStatement, type StoredProgress } from '../auth/session-lookup'
import { cacheOf } from '../cache/coherent-cache'
import type { LiveCourse } from '../course/course-store'
import { isOnPostgres, type Db } from '../db/client'
import { moduleProgress, session, user, type ProgressRow } from '../db/schema'

// Reading a learner's progress: GET /api/progress (`progressReadInSession`, then `readProgress`),
// the signed-in pages and every write's answer (`toCourseProgress`).

type Reader = Pick<Db, 'select'>

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
  return { ...summarizeCourseProgress(course.learnerCatalog.modules, modules.map((module) => module.moduleId)), modules }
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
 * The learner's progress, read by its own statement. On PGlite the rows come from the coherent
 * cache when it has them: every committed write to progress drops them first
 * (docs/decisions/0061-coherent-cache-on-pglite.md).
 */
export async function getProgress(db: Reader, course: LiveCourse, userId: string): Promise<CourseProgress> {
  let query = progressQueries.get(db)
  if (!query) progressQueries.set(db, (query = buildProgressQuery(db)))
  const read = () => query.execute({ userId })
  const cache = cacheOf(db)
  return toCourseProgress(course, cache ? await cache.progress(userId, read) : await read())
}

/**
 * The session check with the learner's progress rows alongside: the same session lookup as the
 * session reader's, one round trip instead of two (docs/decisions/0064-progress-read-in-one-statement.md).
 * Unprepared: the bench's bare reference server sends its text too.
 */
export const sessionLookupWithProgress = (db: Reader) =>
  db
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

/**
 * GET /api/progress, step one: the statement its guard checks the session with
 * (`guards.requireUserWithProgressFrom`). On PostgreSQL, the session check that reads the progress
 * too, so the read is one round trip. On PGlite, none: in process there is no round trip to save,
 * and the guard's plain session check and `getProgress` are both answered from the coherent cache.
 */
export function progressReadInSession(db: Db): SessionStatement | undefined {
  if (!isOnPostgres(db)) return undefined
  const lookup = sessionLookupWithProgress(db).prepare('session_lookup_with_progress')
  return async (token) => (await lookup.execute({ token }))[0]
}

/**
 * GET /api/progress, step two, on either database: the rows the session check read with it
 * (PostgreSQL), or, when it read none, the learner's progress read now.
 */
export async function readProgress(
  db: Db,
  course: LiveCourse,
  userId: string,
  rowsReadInSession: readonly ProgressRow[] | undefined,
): Promise<CourseProgress> {
  return rowsReadInSession ? toCourseProgress(course, rowsReadInSession) : getProgress(db, course, userId)
}
