import { eq } from 'drizzle-orm'
import type { CourseSchedule } from '../../shared/course/schedule'
import type { Db } from '../db/client'
import { courseSchedule } from '../db/schema'

type Reader = Pick<Db, 'select'>

/** The schedule as the database holds it: with its revision, so a process keeps the newest it read. */
export type StoredSchedule = CourseSchedule & { revision: number }

/** The course's schedule. Migration 0016 makes its one row, with the schedule off. */
export async function readCourseSchedule(db: Reader): Promise<StoredSchedule> {
  const [row] = await db
    .select({ mode: courseSchedule.mode, dripDays: courseSchedule.dripDays, revision: courseSchedule.revision })
    .from(courseSchedule)
    .where(eq(courseSchedule.id, 1))
  if (!row) throw new Error('The database holds no course schedule: its migrations did not run to the end.')
  return row
}
