import { MODULE_COUNT, modules, TOTAL_MINUTES } from './catalog'

/** What every screen shows about a learner's progress, derived from the completed module numbers. */
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

export function summarizeProgress(completed: Iterable<number>): ProgressSummary {
  const done = new Set([...completed].filter((n) => modules.some((module) => module.moduleNumber === n)))
  const completedModuleNumbers = [...done].sort((a, b) => a - b)
  const completedMinutes = modules
    .filter((module) => done.has(module.moduleNumber))
    .reduce((sum, module) => sum + module.minutes, 0)
  const next = modules.find((module) => !done.has(module.moduleNumber))
  return {
    completedModuleNumbers,
    completedCount: done.size,
    totalModules: MODULE_COUNT,
    percent: Math.round((done.size / MODULE_COUNT) * 100),
    minutesLeft: TOTAL_MINUTES - completedMinutes,
    nextModuleNumber: next?.moduleNumber ?? null,
    isCourseComplete: done.size === MODULE_COUNT,
  }
}

export type ModuleState = 'not-started' | 'in-progress' | 'completed'

/** docs/spec.md §4: completed, in progress (the first incomplete module), or not started. */
export function moduleState(summary: ProgressSummary, moduleNumber: number): ModuleState {
  if (summary.completedModuleNumbers.includes(moduleNumber)) return 'completed'
  return summary.nextModuleNumber === moduleNumber ? 'in-progress' : 'not-started'
}
