import { and, eq, sql } from 'drizzle-orm'
import { sessionColumns, sessionIsLive, type SessionRow } from '../auth/session-lookup'
import { MAX_VIDEO_SECONDS, WATCH_REPORT_INTERVAL_SECONDS, type LessonWatch, type ModuleWatch, type WatchReport } from '../../shared/media'
import type { CourseModule } from '../../shared/course/schema'
import type { LiveCourse } from '../course/course-store'
import { isOnPostgres, prepareSql, rowsOf, type Db } from '../db/client'
import { lessonWatch, session, user, watchClock } from '../db/schema'
import { AppError } from '../errors'
import { watchLengthSeconds } from './watch-length'
import { creditRanges, percentWatched, type WatchRange } from './watch-ranges'
import { MODULE_NOT_FOUND_MESSAGE } from '../../shared/messages'

type Row = typeof lessonWatch.$inferSelect

const toLessonWatch = (row: Row): LessonWatch => ({
  lessonId: row.lessonId,
  positionSeconds: row.positionSeconds,
  durationSeconds: row.durationSeconds,
  percentWatched: row.percentWatched,
  updatedAt: row.updatedAt.toISOString(),
})

function publishedModule(course: LiveCourse, moduleId: string): CourseModule {
  const module = course.document.modules.find((candidate) => candidate.id === moduleId)
  if (!module) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND_MESSAGE)
  return module
}

function lessonWithVideo(module: CourseModule, lessonId: string) {
  const lesson = module.lessons.find((candidate) => candidate.id === lessonId)
  if (!lesson?.video) throw new AppError('NOT_FOUND', 'This lesson has no video.')
  return lesson
}

/**
 * The longest pause between two of a learner's reports that still counts as watching: a playing
 * player reports every interval, and the first report after a pause carries only what was played
 * since, so a longer gap is idle time, not credit. It also lets the reports of a short network
 * outage (whose ranges ride with the next one) be credited in full.
 */
const MAX_CREDITED_GAP_SECONDS = 5 * WATCH_REPORT_INTERVAL_SECONDS

/** A report's read and its write, each one statement, prepared once per database handle. */
function prepareWatchStatements(db: Db) {
  const userId = sql.placeholder('userId')
  const moduleId = sql.placeholder('moduleId')
  const lessonId = sql.placeholder('lessonId')
  const read = prepareSql(
    db,
    'watch_report_read',
    sql`select clock.reported_at as "reportedAt", coalesce(clock.reports, 0) as reports, watched.ranges
        from (select ${userId}::text as user_id) as learner
        left join ${watchClock} as clock on clock.user_id = learner.user_id
        left join ${lessonWatch} as watched on watched.user_id = learner.user_id and watched.module_id = ${moduleId} and watched.lesson_id = ${lessonId}`,
  )
  // The clock moves on only from the count that was read; when it does not (another report of the
  // learner came first), no row comes out of `clock` and the lesson's row is left as it was.
  const write = prepareSql(
    db,
    'watch_report_write',
    sql`with clock as (
          insert into ${watchClock} (user_id, reported_at, reports) values (${userId}, ${sql.placeholder('now')}::timestamptz, 1)
          on conflict (user_id) do update set reported_at = excluded.reported_at, reports = ${watchClock.reports} + 1
          where ${watchClock.reports} = ${sql.placeholder('reports')}::integer
          returning user_id
        )
        insert into ${lessonWatch} (user_id, module_id, lesson_id, ranges, position_seconds, duration_seconds, percent_watched, updated_at)
        select user_id, ${moduleId}, ${lessonId}, ${sql.placeholder('ranges')}::jsonb, ${sql.placeholder('positionSeconds')}::double precision,
               ${sql.placeholder('durationSeconds')}::double precision, ${sql.placeholder('percentWatched')}::smallint, ${sql.placeholder('now')}::timestamptz
        from clock
        on conflict (user_id, module_id, lesson_id) do update set ranges = excluded.ranges, position_seconds = excluded.position_seconds,
          duration_seconds = excluded.duration_seconds, percent_watched = excluded.percent_watched, updated_at = excluded.updated_at
        returning lesson_id as "lessonId", position_seconds as "positionSeconds", duration_seconds as "durationSeconds",
                  percent_watched as "percentWatched", updated_at as "updatedAt"`,
  )
  return { read, write }
}
const watchStatements = new WeakMap<Db, ReturnType<typeof prepareWatchStatements>>()

/** What a report reads before it writes: the learner's latest report, their count, the lesson's ranges so far. */
export type WatchRead = { reportedAt: Date | string | null; reports: number | string | null; ranges: WatchRange[] | string | null }
/** The watch report's session check, with its read. */
export type SessionRowWithWatch = SessionRow & WatchRead

/**
 * The watch report's session statement (`guards.requireUserWith`): on PostgreSQL, the session
 * check that also makes the report's read, one round trip fewer on most of a learner's requests
 * (docs/decisions/0109-the-watch-report-reads-with-the-session.md). On PGlite, none: the session
 * comes from the coherent cache and there is no round trip to save.
 */
export function watchReadInSession(db: Db): ((token: string, moduleId: string, lessonId: string) => Promise<SessionRowWithWatch | undefined>) | undefined {
  if (!isOnPostgres(db)) return undefined
  const lookup = db
    .select({ ...sessionColumns, reportedAt: watchClock.reportedAt, reports: watchClock.reports, ranges: lessonWatch.ranges })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(watchClock, eq(watchClock.userId, user.id))
    .leftJoin(
      lessonWatch,
      and(eq(lessonWatch.userId, user.id), eq(lessonWatch.moduleId, sql.placeholder('moduleId')), eq(lessonWatch.lessonId, sql.placeholder('lessonId'))),
    )
    .where(sessionIsLive)
    .limit(1)
    .prepare('session_lookup_with_watch')
  return async (token, moduleId, lessonId) => (await lookup.execute({ token, moduleId, lessonId }))[0]
}
type WrittenRow = Omit<LessonWatch, 'updatedAt'> & { updatedAt: Date | string }

/** Tries before a report gives up: each one lost only to another report of the same learner that went in. */
const MAX_REPORT_TRIES = 20

/**
 * A player's report: where it is and what it played since its last one. The ranges are merged
 * with what the learner watched before. The length is the server's (`watchLengthSeconds`), and a
 * report can add no more than twice the time since the learner's previous report on any lesson
 * (at most MAX_CREDITED_GAP_SECONDS of it), plus one interval: real time is credited once, across
 * all lessons, so a forged or replayed report cannot claim a whole video, and idle time is credit
 * nowhere (docs/decisions/0055-watch-tracking.md, docs/decisions/0084-watch-length-and-one-time-codes.md).
 * Two statements and no transaction: a report is most of a learner's requests, and its write goes
 * in only if no other report of the learner went in since its read (the clock's count), else it
 * reads again (docs/decisions/0097-watch-report-in-two-statements.md). `readInSession` is the
 * first read when the session check made it (`watchReadInSession`).
 */
export async function reportWatch(
  db: Db,
  course: LiveCourse,
  userId: string,
  moduleId: string,
  lessonId: string,
  report: WatchReport,
  { readInSession, now = new Date() }: { readInSession?: WatchRead; now?: Date } = {},
): Promise<LessonWatch> {
  const durationSeconds = watchLengthSeconds(lessonWithVideo(publishedModule(course, moduleId), lessonId), report.durationSeconds)
  const statements = watchStatements.get(db) ?? watchStatements.set(db, prepareWatchStatements(db)).get(db)!
  for (let tries = 0; tries < MAX_REPORT_TRIES; tries += 1) {
    const known = tries === 0 && readInSession ? readInSession : rowsOf<WatchRead>(await statements.read.execute({ userId, moduleId, lessonId }))[0]
    const lastReportAt = known?.reportedAt ? new Date(known.reportedAt) : undefined
    const sinceLast = lastReportAt ? Math.min(MAX_CREDITED_GAP_SECONDS, Math.max(0, (now.getTime() - lastReportAt.getTime()) / 1000)) : 0
    const allowance = Math.min(MAX_VIDEO_SECONDS, 2 * (sinceLast + WATCH_REPORT_INTERVAL_SECONDS))
    const knownRanges = typeof known?.ranges === 'string' ? (JSON.parse(known.ranges) as WatchRange[]) : (known?.ranges ?? [])
    const ranges = creditRanges(knownRanges, report.ranges, durationSeconds, allowance)
    const [row] = rowsOf<WrittenRow>(
      await statements.write.execute({
        userId,
        moduleId,
        lessonId,
        now: now.toISOString(),
        reports: Number(known?.reports ?? 0),
        ranges: JSON.stringify(ranges),
        positionSeconds: Math.min(report.positionSeconds, durationSeconds),
        durationSeconds,
        percentWatched: percentWatched(ranges, durationSeconds),
      }),
    )
    if (row) return { ...row, positionSeconds: Number(row.positionSeconds), durationSeconds: Number(row.durationSeconds), percentWatched: Number(row.percentWatched), updatedAt: new Date(row.updatedAt).toISOString() }
  }
  throw new AppError('CONFLICT', 'Too many reports at once for this learner: try again.')
}


/** The learner's watching of a module's lessons, those of the published module only. */
export async function getModuleWatch(db: Pick<Db, 'select'>, course: LiveCourse, userId: string, moduleId: string): Promise<ModuleWatch> {
  const module = publishedModule(course, moduleId)
  const lessonIds = new Set(module.lessons.map((lesson) => lesson.id))
  const rows = await db.select().from(lessonWatch).where(and(eq(lessonWatch.userId, userId), eq(lessonWatch.moduleId, moduleId)))
  return { moduleId, lessons: rows.filter((row) => lessonIds.has(row.lessonId)).map(toLessonWatch) }
}

/**
 * A module with "watch at least N %" set is complete only once each of its videos is watched that
 * far; the refusal names every lesson still short, and how far along it is.
 */
export async function assertWatchedEnough(db: Pick<Db, 'select'>, course: LiveCourse, userId: string, moduleId: string): Promise<void> {
  const module = course.document.modules.find((candidate) => candidate.id === moduleId)
  const required = module?.requiredWatchPercent
  if (!module || !required) return
  const watched = new Map((await getModuleWatch(db, course, userId, moduleId)).lessons.map((lesson) => [lesson.lessonId, lesson.percentWatched]))
  const short = module.lessons
    .filter((lesson) => lesson.video && (watched.get(lesson.id) ?? 0) < required)
    .map((lesson) => ({ lesson, percent: watched.get(lesson.id) ?? 0 }))
  if (short.length === 0) return
  const list = short.map(({ lesson, percent }) => `“${lesson.title}” (${percent} % watched)`).join(', ')
  throw new AppError(
    'WATCH_REQUIRED',
    `Watch at least ${required} % of each video before marking this module complete. Still to watch: ${list}.`,
    short.map(({ lesson, percent }) => ({ path: `lessons.${lesson.id}`, message: `Watch at least ${required} % of “${lesson.title}”: ${percent} % watched so far.` })),
  )
}
