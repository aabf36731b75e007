import { and, eq, sql } from 'drizzle-orm'
import { MAX_VIDEO_SECONDS, WATCH_REPORT_INTERVAL_SECONDS, type LessonWatch, type ModuleWatch, type WatchReport } from '../../shared/media'
import type { CourseModule } from '../../shared/course/schema'
import type { LiveCourse } from '../course/course-store'
import type { Db } from '../db/client'
import { lessonWatch } from '../db/schema'
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

/**
 * A player's report: where it is and what it played since its last one. The ranges are merged
 * with what the learner watched before. The length is the server's (`watchLengthSeconds`), and a
 * report can add no more than twice the time since the learner's previous report on any lesson
 * (at most MAX_CREDITED_GAP_SECONDS of it), plus one interval: real time is credited once, across
 * all lessons, so a forged or replayed report cannot claim a whole video, and idle time is credit
 * nowhere (docs/decisions/0055-watch-tracking.md, docs/decisions/0084-watch-length-and-one-time-codes.md).
 */
export async function reportWatch(
  db: Db,
  course: LiveCourse,
  userId: string,
  moduleId: string,
  lessonId: string,
  report: WatchReport,
  now = new Date(),
): Promise<LessonWatch> {
  const durationSeconds = watchLengthSeconds(lessonWithVideo(publishedModule(course, moduleId), lessonId), report.durationSeconds)
  return db.transaction(async (tx) => {
    // One report of a learner at a time: the time since their previous one is credited once. The
    // lock also keeps the lesson's row as read until the upsert (nothing else writes these rows),
    // so its ranges come with the latest report's time in one statement, with no row lock
    // (docs/decisions/0092-capacity-and-the-learner-model.md: a report is most of a learner's requests).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`watch:${userId}`}, 0))`)
    const [known] = await tx
      .select({
        at: sql<Date | string | null>`max(${lessonWatch.updatedAt})`,
        ranges: sql<WatchRange[] | null>`(array_agg(${lessonWatch.ranges}) filter (where ${lessonWatch.moduleId} = ${moduleId} and ${lessonWatch.lessonId} = ${lessonId}))[1]`,
      })
      .from(lessonWatch)
      .where(eq(lessonWatch.userId, userId))
    const lastReportAt = known?.at ? new Date(known.at) : undefined
    const sinceLast = lastReportAt ? Math.min(MAX_CREDITED_GAP_SECONDS, Math.max(0, (now.getTime() - lastReportAt.getTime()) / 1000)) : 0
    const allowance = Math.min(MAX_VIDEO_SECONDS, 2 * (sinceLast + WATCH_REPORT_INTERVAL_SECONDS))
    const ranges = creditRanges(known?.ranges ?? [], report.ranges, durationSeconds, allowance)
    const values = {
      ranges,
      positionSeconds: Math.min(report.positionSeconds, durationSeconds),
      durationSeconds,
      percentWatched: percentWatched(ranges, durationSeconds),
      updatedAt: now,
    }
    const [row] = await tx
      .insert(lessonWatch)
      .values({ userId, moduleId, lessonId, ...values })
      .onConflictDoUpdate({ target: [lessonWatch.userId, lessonWatch.moduleId, lessonWatch.lessonId], set: values })
      .returning()
    return toLessonWatch(row!)
  })
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
