import { eq } from 'drizzle-orm'
import type { CourseProgress } from '../../shared/course/api-types'
import { MUST_PASS_MESSAGE } from '../../shared/course/knowledge-check-messages'
import { MODULE_NOT_FOUND_MESSAGE, SIGN_IN_MESSAGE } from '../../shared/messages'
import { isModuleNumber } from '../../shared/paths'
import { moduleNumberMessage } from '../../shared/schemas/progress'
import type { SessionStatement } from '../auth/session-lookup'
import { newCertificateId, recipientName, type Recipient } from '../certificates/certificate'
import { PROGRESS, writesOfOneLearner } from '../cache/coherent-cache'
import type { LiveCourse } from '../course/course-store'
import { isOnPostgres, prepareSql, type Db } from '../db/client'
import { moduleProgress, user, type ProgressRow } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'
import { hasPassed } from './knowledge-checks'
import { getProgress, toCourseProgress } from './progress-read'
import { lockLearner } from './progress-recount'
import { toggleInSession } from './progress-toggle-in-session'
import { learnerGone, pgliteToggleSql, postgresToggleSql, type ToggledRow } from './progress-sql'
import { assertWatchedEnough } from './watch'
import { assertModuleOpen } from './module-schedule'
import type { CourseSchedule } from '../../shared/course/schedule'

// Writing a learner's progress: PUT /api/progress/:module (`progressToggleInSession`, then
// `toggleProgress`) and DELETE /api/progress (`resetProgress`).

/**
 * The module a progress write names: a module id (what the client sends, which stays right when
 * modules move) or a position in the published course.
 */
export function resolveModuleRef(course: LiveCourse, ref: string): string {
  if (/^\d+$/.test(ref)) {
    const moduleCount = course.learnerCatalog.modules.length
    const number = isModuleNumber(ref) ? Number(ref) : 0
    const module = course.learnerCatalog.modules[number - 1]
    if (!module) {
      const message = moduleNumberMessage(moduleCount)
      throw new AppError('VALIDATION_FAILED', message, [{ path: 'module', message }])
    }
    return module.id
  }
  if (!course.numberById.has(ref)) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND_MESSAGE)
  return ref
}

/**
 * Whether marking this module complete waits on something the one-round-trip toggle does not check:
 * a knowledge check to pass or videos to watch (`setModuleCompleted` checks them first).
 */
function completionNeedsChecks(course: LiveCourse, moduleId: string, isCompleted: boolean): boolean {
  if (!isCompleted) return false
  const module = course.document.modules[course.numberById.get(moduleId)! - 1]
  return Boolean(module?.knowledgeCheck?.requirePass || module?.requiredWatchPercent)
}

/** PUT /api/progress/:module's session statement: the request's session token, then what it asks. */
type ToggleInSession = (
  token: string,
  course: LiveCourse,
  schedule: CourseSchedule,
  moduleRef: string,
  isCompleted: boolean,
) => ReturnType<SessionStatement>

/**
 * PUT /api/progress/:module, step one: the statement its guard checks the session with
 * (`guards.requireUserWithProgressFrom`). On PostgreSQL, for a module with nothing to check first,
 * the session check that also toggles, one round trip (`toggleInSession`,
 * docs/decisions/0073-progress-write-in-one-round-trip.md); for any other module it declines and
 * the guard makes its plain check. On PGlite, none: the guard's check comes from the coherent
 * cache and `toggleProgress` writes.
 */
export function progressToggleInSession(db: Db): ToggleInSession | undefined {
  if (!isOnPostgres(db)) return undefined
  return (token, course, schedule, moduleRef, isCompleted) => {
    const moduleId = resolveModuleRef(course, moduleRef)
    // With a schedule, a completion waits on the module being open (`toggleProgress` checks it).
    const isScheduled = isCompleted && schedule.mode !== 'all'
    return isScheduled || completionNeedsChecks(course, moduleId, isCompleted) ? undefined : toggleInSession(db, token, moduleId, isCompleted)
  }
}

/**
 * PUT /api/progress/:module, step two, on either database: the progress the session check wrote
 * (PostgreSQL), or, when it wrote none, `setModuleCompleted` now.
 */
export async function toggleProgress(
  db: Db,
  course: LiveCourse,
  schedule: CourseSchedule,
  learner: Recipient,
  moduleRef: string,
  isCompleted: boolean,
  writtenInSession: readonly ProgressRow[] | undefined,
): Promise<CourseProgress> {
  if (writtenInSession) return toCourseProgress(course, writtenInSession)
  const moduleId = resolveModuleRef(course, moduleRef)
  // A locked module cannot be completed (docs/decisions/0090-course-schedule.md); with the schedule off this reads nothing.
  if (isCompleted) await assertModuleOpen(db, course, schedule, learner.id, moduleId)
  return setModuleCompleted(db, course, learner, moduleId, isCompleted)
}

type Toggle = ReturnType<typeof prepareSql>
/** The statements, built once per database handle; on PostgreSQL parsed and planned once per connection. */
const toggleStatements = new WeakMap<Db, { complete: Toggle; uncomplete: Toggle }>()
function toggleStatement(db: Db, isCompleted: boolean): Toggle {
  let statements = toggleStatements.get(db)
  if (!statements) {
    const postgres = isOnPostgres(db) ? prepareSql(db, 'progress_toggle', postgresToggleSql) : undefined
    statements = {
      complete: postgres ?? prepareSql(db, 'progress_complete', pgliteToggleSql(true)),
      uncomplete: postgres ?? prepareSql(db, 'progress_uncomplete', pgliteToggleSql(false)),
    }
    toggleStatements.set(db, statements)
  }
  return isCompleted ? statements.complete : statements.uncomplete
}

/**
 * Marks one module complete or incomplete; doing it twice changes nothing. The write that
 * completes the last module of the published course also issues the learner's certificate, dated
 * now, under the name they have today; one who already has one keeps it.
 *
 * One round trip (figure 2 of docs/performance.md;
 * docs/decisions/0063-progress-toggle-in-one-statement.md), which writes the row, recounts the
 * learner's modules, issues the certificate when they reach the live course's module count, and
 * reads the progress back. Two tabs completing the last two modules at once still reach the end,
 * and each answer is the progress right after its own write. It counts against the live
 * version's module ids as the database holds them, not this process's copy, so a publish another
 * process committed a moment ago is already counted. A module that asks for its videos to be
 * watched first is refused until they are (services/watch.ts).
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
  const check = number ? course.document.modules[number - 1]!.knowledgeCheck : undefined
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
        isCompleted,
        now,
        certificateId: newCertificateId(),
        recipientName: recipientName(learner),
      }),
    )
    // Both drivers answer { rows }.
    rows = (result as { rows: ToggledRow[] }).rows
  } catch (error) {
    // Signed in a moment ago, deleted since: the session is gone too.
    if (learnerGone(error)) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE)
    throw error
  }
  // PGlite's statement found no learner row to count on: deleted since the session check.
  if (rows.length === 0 && !isOnPostgres(db)) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGE)
  return toCourseProgress(
    course,
    rows.flatMap((row) => (row.module_id === null ? [] : [{ moduleId: row.module_id, completedAt: new Date(row.completed_ms!) }])),
  )
}

/** DELETE /api/progress: clears every module; an issued certificate stays (and stays verifiable). */
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
