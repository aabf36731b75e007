import { desc, eq } from 'drizzle-orm'
import type { WatchingReport, WatchingReportRow } from '../../shared/media'
import { toPage } from '../../shared/paging'
import { REPORT_PAGE_SIZE } from '../../shared/schemas/reports'
import type { LiveCourse } from '../course/course-store'
import type { Db } from '../db/client'
import { lessonWatch, user } from '../db/schema'

/**
 * Who watched what: per learner and lesson of the published course, the percent watched and when,
 * newest first. Lessons the course no longer has are left out; titles are today's.
 */
async function watchingRows(db: Pick<Db, 'select'>, course: LiveCourse): Promise<WatchingReportRow[]> {
  const lessons = new Map<string, { moduleNumber: number; moduleTitle: string; lessonTitle: string }>()
  course.course.modules.forEach((module, index) => {
    for (const lesson of module.lessons) lessons.set(`${module.id}/${lesson.id}`, { moduleNumber: index + 1, moduleTitle: module.title, lessonTitle: lesson.title })
  })
  const rows = await db
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
    .orderBy(desc(lessonWatch.updatedAt), user.email)
  return rows.flatMap((row) => {
    const lesson = lessons.get(`${row.moduleId}/${row.lessonId}`)
    if (!lesson) return []
    return [{ email: row.email, fullName: row.fullName, ...lesson, percentWatched: row.percentWatched, lastWatchedAt: row.updatedAt.toISOString() }]
  })
}

export async function watchingReport(db: Pick<Db, 'select'>, course: LiveCourse, page: number): Promise<WatchingReport> {
  const rows = await watchingRows(db, course)
  const info = toPage(rows.length, page, REPORT_PAGE_SIZE)
  return { ...info, rows: rows.slice((page - 1) * REPORT_PAGE_SIZE, page * REPORT_PAGE_SIZE) }
}

export const allWatchingRows = watchingRows
