/** What every screen shows about a learner's progress. */
export type ProgressSummary = {
  completedModuleNumbers: number[]
  completedCount: number
  totalModules: number
  /** Whole percent, rounded: 1 of 8 is 13%. */
  percent: number
  /** Total minutes less the minutes of completed modules (docs/spec.md §4). */
  minutesLeft: number
  /** The first incomplete module, or null when all are complete. */
  nextModuleNumber: number | null
  isCourseComplete: boolean
}

/** What a summary needs of each module of the course, in course order. */
export type ProgressCatalogModule = { id: string; moduleNumber: number; minutes: number }

/**
 * The summary for a learner who completed the modules `completedIds`, over `catalog`: the
 * published course (the server's, or the browser's cached copy for a toggle's optimistic counts). Ids of modules the course no longer has do not count
 * (docs/decisions/0036-course-changes-and-progress.md).
 */
export function summarizeCourseProgress(
  catalog: readonly ProgressCatalogModule[],
  completedIds: Iterable<string>,
): ProgressSummary {
  const done = new Set(completedIds)
  const completed = catalog.filter((module) => done.has(module.id))
  const totalMinutes = catalog.reduce((sum, module) => sum + module.minutes, 0)
  const completedMinutes = completed.reduce((sum, module) => sum + module.minutes, 0)
  const next = catalog.find((module) => !done.has(module.id))
  const total = catalog.length
  return {
    completedModuleNumbers: completed.map((module) => module.moduleNumber),
    completedCount: completed.length,
    totalModules: total,
    percent: total === 0 ? 0 : Math.round((completed.length / total) * 100),
    minutesLeft: totalMinutes - completedMinutes,
    nextModuleNumber: next?.moduleNumber ?? null,
    isCourseComplete: total > 0 && completed.length === total,
  }
}

export type ModuleState = 'not-started' | 'in-progress' | 'completed'

/** docs/spec.md §4: completed, in progress (the first incomplete module), or not started. */
export function moduleState(summary: ProgressSummary, moduleNumber: number): ModuleState {
  if (summary.completedModuleNumbers.includes(moduleNumber)) return 'completed'
  return summary.nextModuleNumber === moduleNumber ? 'in-progress' : 'not-started'
}
