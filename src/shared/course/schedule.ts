// The course's schedule (docs/decisions/0090-course-schedule.md): which modules a learner may open.
// The server enforces it with these functions and the browser shows it with the same ones.

export const SCHEDULE_MODES = ['all', 'in-order', 'drip'] as const
export type ScheduleMode = (typeof SCHEDULE_MODES)[number]

/** What the owner chose: for 'drip', the days after the learner's start each module opens, by module id. */
export type CourseSchedule = { mode: ScheduleMode; dripDays: Record<string, number> }

/** `GET /api/admin/schedule`: the schedule, and the published modules its days are set for. */
export type ScheduleSettings = CourseSchedule & { modules: { id: string; moduleNumber: number; title: string }[] }

/**
 * The schedule as it applies to one learner (`GET /api/course/schedule`): the course's, the day
 * they started (their first sign-in), and whether an admin opened every module for them.
 */
export type LearnerSchedule = CourseSchedule & { startedAt: string | null; isLifted: boolean }

/** Why a module is not open yet: the date it opens, or the module to finish first. */
export type ModuleLock = { opensAt: string } | { finishFirst: number }

const DAY_MS = 86_400_000

/** Module n of a drip schedule opens at 00:00 UTC, its days after the day the learner started. */
export function dripOpensAt(startedAt: string | Date, days: number): Date {
  const start = new Date(startedAt)
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()) + days * DAY_MS)
}

/**
 * Each module's lock for this learner, in course order: null where it is open. A completed module is
 * always open, whatever the schedule says now; so is the module after one, in order.
 */
export function moduleLocks(
  schedule: LearnerSchedule,
  moduleIds: readonly string[],
  completedIds: ReadonlySet<string>,
  now: Date,
): (ModuleLock | null)[] {
  if (schedule.mode === 'all' || schedule.isLifted) return moduleIds.map(() => null)
  return moduleIds.map((id, index): ModuleLock | null => {
    if (completedIds.has(id)) return null
    if (schedule.mode === 'in-order') {
      return index === 0 || completedIds.has(moduleIds[index - 1]!) ? null : { finishFirst: index }
    }
    const opensAt = dripOpensAt(schedule.startedAt ?? now, schedule.dripDays[id] ?? 0)
    return opensAt.getTime() <= now.getTime() ? null : { opensAt: opensAt.toISOString() }
  })
}

// In UTC, as the opening time is: the same day on the server's page and in every browser.
const openingDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })

/** The card's and the page's sentence: 'Opens on 12 December', 'Finish module 3 first'. */
export function lockSentence(lock: ModuleLock): string {
  return 'opensAt' in lock ? `Opens on ${openingDay.format(new Date(lock.opensAt))}` : `Finish module ${lock.finishFirst} first`
}
