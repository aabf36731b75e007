import { useQuery } from '@tanstack/react-query'
import { moduleLocks, type LearnerSchedule, type ModuleLock } from '../../../shared/course/schedule'
import { api } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import { useCourseQuery, useProgressQuery } from './api'

/** The course's schedule as it applies to the learner; the server renders its pages with it. */
export function useScheduleQuery() {
  return useQuery({
    queryKey: queryKeys.schedule,
    queryFn: ({ signal }) => api<LearnerSchedule>('/api/course/schedule', { signal }),
  })
}

const NO_LOCKS: ReadonlyMap<number, ModuleLock> = new Map()

/**
 * Each locked module's reason, by module number, worked out as the server does
 * (shared/course/schedule.ts) from the progress the screen already holds: completing a module opens
 * the next at once. Empty while the schedule is off or something is still loading.
 */
export function useModuleLocks(): ReadonlyMap<number, ModuleLock> {
  const schedule = useScheduleQuery().data
  const course = useCourseQuery().data
  const progress = useProgressQuery().data
  if (!schedule || schedule.mode === 'all' || !course || !progress) return NO_LOCKS
  const completed = new Set(progress.modules.map((module) => module.moduleId))
  const locks = moduleLocks(schedule, course.modules.map((module) => module.id), completed, new Date())
  return new Map(locks.flatMap((lock, index) => (lock ? [[index + 1, lock] as const] : [])))
}
