import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { WatchingReport, WatchingReportRow } from '../../shared/media'
import { toPage } from '../../shared/paging'
import { REPORT_PAGE_SIZE } from '../../shared/schemas/reports'
import type { LiveCourse } from '../course/course-store'
import type { Db } from '../db/client'
import { lessonWatch, user } from '../db/schema'

type LessonNames = Map<string, { moduleNumber: number; moduleTitle: string; lessonTitle: string }>

/** The published course's lessons by `moduleId/lessonId`, and the SQL condition that keeps only their rows. */
function publishedLessons(course: LiveCourse): { names: LessonNames; isPublished: SQL | undefined } {
  const names: LessonNames = new Map()
  course.document.modules.forEach((module, index) => {
    for (const lesson of module.lessons) names.set(`${module.id}/${lesson.id}`, { moduleNumber: index + 1, moduleTitle: module.title, lessonTitle: lesson.title })
  })
  const byModule = course.document.modules.filter((module) => module.lessons.length > 0)
  const isPublished = or(
    ...byModule.map((module) => and(eq(lessonWatch.moduleId, module.id), inArray(lessonWatch.lessonId, module.lessons.map((lesson) => lesson.id)))),
  )
  return { names, isPublished }
}

/**
 * Who watched what: per learner and lesson of the published course, the percent watched and when,
 * newest first. Lessons the course no longer has are left out (in SQL, so that a page is paged in
 * the database); titles are today's. `page` undefined: every row (the CSV).
 */
async function watchingRows(db: Pick<Db, 'select'>, course: LiveCourse, page?: number): Promise<{ rows: WatchingReportRow[]; total: number }> {
  const { names, isPublished } = publishedLessons(course)
  if (!isPublished) return { rows: [], total: 0 }
  const query = db
    .select({
      email: user.email,
      fullName: user.name,
      moduleId: lessonWatch.moduleId,
      lessonId: lessonWatch.lessonId,
      percentWatched: lessonWatch.percentWatched,
      updatedAt: lessonWatch.updatedAt,
    })
    .from(lessonWatch)
    .innerJoin(user, eq(user.id, lessonWatch.userId))
    .where(isPublished)
    // The ids last: rows watched at the same moment keep one order from page to page.
    .orderBy(desc(lessonWatch.updatedAt), user.email, asc(lessonWatch.moduleId), asc(lessonWatch.lessonId))
  const [found, counted] = await Promise.all([
    page === undefined ? query : query.limit(REPORT_PAGE_SIZE).offset((page - 1) * REPORT_PAGE_SIZE),
    page === undefined ? undefined : db.select({ total: count() }).from(lessonWatch).innerJoin(user, eq(user.id, lessonWatch.userId)).where(isPublished),
  ])
  const rows = found.map((row) => ({
    email: row.email,
    fullName: row.fullName,
    ...names.get(`${row.moduleId}/${row.lessonId}`)!,
    percentWatched: row.percentWatched,
    lastWatchedAt: row.updatedAt.toISOString(),
  }))
  return { rows, total: counted?.[0]?.total ?? rows.length }
}

/** One page of the report (REPORT_PAGE_SIZE rows). */
export async function watchingReport(db: Pick<Db, 'select'>, course: LiveCourse, page: number): Promise<WatchingReport> {
  const { rows, total } = await watchingRows(db, course, page)
  return { ...toPage(total, page, REPORT_PAGE_SIZE), rows }
}

/** Every row, for the CSV. */
export const allWatchingRows = async (db: Pick<Db, 'select'>, course: LiveCourse) => (await watchingRows(db, course)).rows

