import { eq, sql } from 'drizzle-orm'
import type { AdminUser } from '../../shared/api-types'
import type { ScheduleSettings } from '../../shared/course/schedule'
import type { CourseScheduleInput } from '../../shared/schemas/course-schedule'
import type { CourseStore } from '../course/course-store'
import { COURSE_PUBLISHED_CHANNEL } from '../course/publish-listener'
import type { Db } from '../db/client'
import { courseSchedule, user } from '../db/schema'
import { AppError } from '../errors'
import { getAdminUser, USER_NOT_FOUND_MESSAGE } from './admin-users'
import { recordAudit, type AuditContext } from './audit-log'

// The owner's side of the course's schedule (docs/decisions/0090-course-schedule.md): setting it,
// and opening every module for one learner.

export function scheduleSettings(store: CourseStore): ScheduleSettings {
  const { mode, dripDays } = store.schedule()
  const modules = store.current().learnerCatalog.modules.map(({ id, moduleNumber, title }) => ({ id, moduleNumber, title }))
  return { mode, dripDays, modules }
}

/**
 * Saves the schedule, audited, and tells the other processes on commit (the publish channel: their
 * course store reads the schedule with the course). Days are kept for modules of the published
 * course only; a module that gets none opens on the learner's first day. A completed module stays
 * open whatever the new schedule says (shared/course/schedule.ts).
 */
export async function saveCourseSchedule(db: Db, store: CourseStore, input: CourseScheduleInput, audit: AuditContext): Promise<ScheduleSettings> {
  const course = store.current()
  const unknown = Object.keys(input.dripDays).filter((id) => !course.numberById.has(id))
  if (unknown.length > 0) {
    const message = 'Set days only for modules of the published course'
    throw new AppError('VALIDATION_FAILED', message, unknown.map((id) => ({ path: `dripDays.${id}`, message })))
  }
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select({ mode: courseSchedule.mode }).from(courseSchedule).where(eq(courseSchedule.id, 1)).for('update')
    const [row] = await tx
      .update(courseSchedule)
      .set({ mode: input.mode, dripDays: input.dripDays, revision: sql`${courseSchedule.revision} + 1`, updatedAt: new Date() })
      .where(eq(courseSchedule.id, 1))
      .returning({ mode: courseSchedule.mode, dripDays: courseSchedule.dripDays, revision: courseSchedule.revision })
    await recordAudit(tx, audit, { action: 'course_schedule_changed', target: null, detail: { scheduleFrom: before!.mode, scheduleTo: input.mode } })
    await tx.execute(sql`select pg_notify(${COURSE_PUBLISHED_CHANNEL}, 'schedule')`)
    return row!
  })
  store.takeUpSchedule(saved)
  return scheduleSettings(store)
}

/** `PUT /api/admin/users/:id/schedule`: every module open for this learner from now on, or the schedule again. */
export async function setScheduleLifted(db: Db, id: string, isLifted: boolean, audit: AuditContext): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ scheduleLiftedAt: isLifted ? new Date() : null })
      .where(eq(user.id, id))
      .returning({ id: user.id, email: user.email })
    if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE)
    await recordAudit(tx, audit, { action: isLifted ? 'schedule_lifted' : 'schedule_restored', target: row })
    return getAdminUser(tx, id)
  })
}
