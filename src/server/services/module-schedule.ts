import { and, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm'
import { dripOpensAt, lockSentence, moduleLocks, type CourseSchedule, type LearnerSchedule, type ModuleLock } from '../../shared/course/schedule'
import { readCourseSchedule } from '../course/course-schedule'
import type { LiveCourse } from '../course/course-store'
import { readLiveVersion } from '../course/course-versions'
import type { Db } from '../db/client'
import { moduleProgress, user } from '../db/schema'
import { AppError } from '../errors'
import { getProgress } from './progress-read'

// Which modules a learner may open (docs/decisions/0090-course-schedule.md). Every route that sends a
// module's content, or takes an attempt, a watch report or a completion of it, asks here first.

type Reader = Pick<Db, 'select'>

/** The schedule as it applies to this learner. With the schedule off, nothing is read. */
export async function learnerSchedule(db: Reader, { mode, dripDays }: CourseSchedule, userId: string): Promise<LearnerSchedule> {
  const schedule = { mode, dripDays }
  if (mode === 'all') return { ...schedule, startedAt: null, isLifted: false }
  const [row] = await db
    .select({ startedAt: user.firstSignedInAt, createdAt: user.createdAt, liftedAt: user.scheduleLiftedAt })
    .from(user)
    .where(eq(user.id, userId))
  // Every sign-in sets the first one (services/activity.ts); an account that has a session without one
  // (made before it was recorded, or by a tool) starts when it was made.
  const startedAt = row?.startedAt ?? row?.createdAt
  return { ...schedule, startedAt: startedAt?.toISOString() ?? null, isLifted: Boolean(row?.liftedAt) }
}

/** Why this module is locked for this learner now, or null when it is open. */
export async function moduleLockFor(
  db: Db,
  course: LiveCourse,
  schedule: CourseSchedule,
  userId: string,
  moduleId: string,
  now = new Date(),
): Promise<ModuleLock | null> {
  if (schedule.mode === 'all') return null
  const index = course.numberById.get(moduleId)
  if (index === undefined) return null
  const [forLearner, progress] = await Promise.all([learnerSchedule(db, schedule, userId), getProgress(db, course, userId)])
  const ids = course.learnerCatalog.modules.map((module) => module.id)
  return moduleLocks(forLearner, ids, new Set(progress.modules.map((module) => module.moduleId)), now)[index - 1] ?? null
}

/** A locked module's 403: the date it opens or the module to finish first, in the message and as fields. */
export const moduleLockedError = (lock: ModuleLock) => new AppError('MODULE_LOCKED', `${lockSentence(lock)}.`, undefined, lock)

/** Refuses, with the reason, when this module is not open to this learner yet. */
export async function assertModuleOpen(
  db: Db,
  course: LiveCourse,
  schedule: CourseSchedule,
  userId: string,
  moduleId: string,
  now = new Date(),
): Promise<void> {
  if (schedule.mode === 'all') return
  const lock = await moduleLockFor(db, course, schedule, userId, moduleId, now)
  if (lock) throw moduleLockedError(lock)
}

export type ModuleOpening = { userId: string; moduleId: string; moduleNumber: number; opensAt: Date }

/**
 * The drip schedule's openings in [from, to): for each learner who has started (signed in once),
 * whom no admin has opened everything for, each module of the published course whose day falls in
 * the window and which they have not completed. Read from the database, not a process's memory, so
 * any process may run it. Nothing unless the schedule is 'drip'; a module of 0 days opens on the
 * start day itself, which is no news, and is left out.
 */
export async function modulesOpeningBetween(db: Db, from: Date, to: Date): Promise<ModuleOpening[]> {
  const [schedule, live] = await Promise.all([readCourseSchedule(db), readLiveVersion(db)])
  if (schedule.mode !== 'drip') return []
  const modules = live.moduleIds.map((id, index) => ({ id, moduleNumber: index + 1, days: schedule.dripDays[id] ?? 0 })).filter((m) => m.days > 0)
  if (modules.length === 0) return []
  const longest = Math.max(...modules.map((m) => m.days))
  // Whoever started between the longest wait before the window and its end may have a module opening in it.
  const learners = await db
    .select({ id: user.id, startedAt: user.firstSignedInAt })
    .from(user)
    .where(
      and(
        isNotNull(user.firstSignedInAt),
        isNull(user.scheduleLiftedAt),
        eq(user.banned, false),
        gte(user.firstSignedInAt, new Date(from.getTime() - (longest + 1) * 86_400_000)),
        lte(user.firstSignedInAt, to),
      ),
    )
  if (learners.length === 0) return []
  const completed = await db
    .select({ userId: moduleProgress.userId, moduleId: moduleProgress.moduleId })
    .from(moduleProgress)
    .where(inArray(moduleProgress.userId, learners.map((learner) => learner.id)))
  const done = new Set(completed.map((row) => `${row.userId}\n${row.moduleId}`))
  return learners.flatMap((learner) =>
    modules.flatMap((module) => {
      const opensAt = dripOpensAt(learner.startedAt!, module.days)
      const isInWindow = opensAt >= from && opensAt < to
      return isInWindow && !done.has(`${learner.id}\n${module.id}`) ? [{ userId: learner.id, moduleId: module.id, moduleNumber: module.moduleNumber, opensAt }] : []
    }),
  )
}
