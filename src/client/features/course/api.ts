import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CourseCatalog,
  CourseProgress,
  KnowledgeCheckState,
  KnowledgeCheckSummary,
  LearnerModule,
} from '../../../shared/course/api-types'
import type { AttemptSubmission } from '../../../shared/schemas/knowledge-checks'
import type { LessonWatch, ModuleWatch, WatchReport } from '../../../shared/media'
import { summarizeCourseProgress } from '../../../shared/course/progress'
import { api, ApiError, errorMessage } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { celebrateModule } from './confetti'

const progressWriteKey = [...queryKeys.progress, 'write'] as const

/** The published course: its modules in order, with their titles, minutes and lesson counts. */
export function useCourseQuery() {
  return useQuery({
    queryKey: queryKeys.course,
    queryFn: ({ signal }) => api<CourseCatalog>('/api/course', { signal }),
  })
}

const moduleQuery = (moduleNumber: number) => ({
  queryKey: queryKeys.courseModule(moduleNumber),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    try {
      return await api<LearnerModule>(`/api/course/modules/${moduleNumber}`, { signal })
    } catch (error) {
      // 404: past the end of the course; 400: a number no course reaches.
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
      throw error
    }
  },
  // A module the schedule keeps locked stays locked on a second try: its reason shows at once.
  retry: (failures: number, error: Error) => !isModuleLocked(error) && failures < 1,
})

/** The API's answer for a module the course's schedule has not opened for this learner (its message says why). */
export const isModuleLocked = (error: unknown): error is ApiError => error instanceof ApiError && error.code === 'MODULE_LOCKED'

/** A module page of the published course; null when the course has no module at that position. */
export function useModuleQuery(moduleNumber: number) {
  return useQuery(moduleQuery(moduleNumber))
}

/**
 * Loads a module page ahead, when the learner points at or focuses a link to it, so it opens at
 * once. Never on mount: a page the server rendered must make no request while it loads.
 */
export function usePrefetchModule() {
  const queryClient = useQueryClient()
  return (moduleNumber: number) => void queryClient.prefetchQuery(moduleQuery(moduleNumber))
}

export function useProgressQuery() {
  return useQuery({
    queryKey: queryKeys.progress,
    queryFn: ({ signal }) => api<CourseProgress>('/api/progress', { signal }),
  })
}

/**
 * The progress with one module set to completed (at `completedAt`) or not, and the counts made
 * again over `catalog` as the server makes them (docs/decisions/0036-course-changes-and-progress.md).
 */
function withModule(progress: CourseProgress, catalog: CourseCatalog, moduleId: string, isCompleted: boolean, completedAt?: string): CourseProgress {
  const others = progress.modules.filter((module) => module.moduleId !== moduleId)
  const entry = catalog.modules.find((module) => module.id === moduleId)
  const modules =
    isCompleted && entry
      ? [...others, { moduleId, moduleNumber: entry.moduleNumber, completedAt: completedAt ?? new Date().toISOString() }].sort(
          (a, b) => a.moduleNumber - b.moduleNumber,
        )
      : others
  return { ...summarizeCourseProgress(catalog.modules, modules.map((module) => module.moduleId)), modules }
}

/** A module by its id, which stays the same when modules move; its number (position) is what the learner reads. */
type ModuleCompletion = { moduleId: string; moduleNumber: number; completed: boolean }

/**
 * Marks a module complete or incomplete. The screen changes at once (optimistic, counted over the
 * cached course); if the server refuses, that module goes back to how it was and an error toast
 * says why.
 */
export function useSetModuleCompleted() {
  const queryClient = useQueryClient()
  const isOnlyWrite = () => queryClient.isMutating({ mutationKey: progressWriteKey }) <= 1
  const cachedCourse = () => queryClient.getQueryData<CourseCatalog>(queryKeys.course)

  return useMutation({
    mutationKey: progressWriteKey,
    mutationFn: ({ moduleId, completed }: ModuleCompletion) =>
      api<CourseProgress>(`/api/progress/${encodeURIComponent(moduleId)}`, { method: 'PUT', body: { completed } }),
    onMutate: async ({ moduleId, completed }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.progress })
      const previous = queryClient.getQueryData<CourseProgress>(queryKeys.progress)
      const catalog = cachedCourse()
      // Without the course the counts cannot be made here: the screen waits for the server's.
      if (previous && catalog) queryClient.setQueryData(queryKeys.progress, withModule(previous, catalog, moduleId, completed))
      return { before: previous?.modules.find((module) => module.moduleId === moduleId) }
    },
    onError: (error, { moduleId }, context) => {
      // Roll back this module only: other writes in flight keep their own optimistic state.
      const catalog = cachedCourse()
      queryClient.setQueryData<CourseProgress>(queryKeys.progress, (current) =>
        current && catalog ? withModule(current, catalog, moduleId, Boolean(context?.before), context?.before?.completedAt) : current,
      )
      notify.error(errorMessage(error, 'Your progress could not be saved. Please try again.'))
    },
    onSuccess: (progress, { moduleNumber, completed }) => {
      if (isOnlyWrite()) queryClient.setQueryData(queryKeys.progress, progress)
      if (completed) {
        notify.success(`Congratulations! Module ${moduleNumber} completed! 🎉`)
        void celebrateModule()
      } else {
        notify.info(`Module ${moduleNumber} marked as incomplete`)
      }
    },
    onSettled: () => {
      if (isOnlyWrite()) void queryClient.invalidateQueries({ queryKey: queryKeys.progress })
    },
  })
}

/** Clears every module (the certificate, once issued, stays). */
export function useResetProgress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<CourseProgress>('/api/progress', { method: 'DELETE' }),
    onSuccess: (progress) => queryClient.setQueryData(queryKeys.progress, progress),
    onError: (error) => notify.error(errorMessage(error, 'Your progress could not be reset. Please try again.')),
  })
}

/** The learner's standing on every knowledge check of the published course. */
export function useKnowledgeChecksQuery() {
  return useQuery({
    queryKey: queryKeys.knowledgeChecks,
    queryFn: ({ signal }) => api<KnowledgeCheckSummary[]>('/api/knowledge-checks', { signal }),
  })
}

/**
 * One module's knowledge check as the learner stands on it (a server-rendered module page arrives
 * with it). `enabled`: only where it is needed.
 */
export function useKnowledgeCheckQuery(moduleId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.knowledgeCheck(moduleId),
    queryFn: ({ signal }) => api<KnowledgeCheckState>(`/api/knowledge-checks/${encodeURIComponent(moduleId)}`, { signal }),
    enabled,
  })
}

/** Sends an attempt; the server marks it and answers the new standing with the result. */
export function useSubmitAttempt(moduleId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (submission: AttemptSubmission) =>
      api<KnowledgeCheckState>(`/api/knowledge-checks/${encodeURIComponent(moduleId)}/attempts`, { method: 'POST', body: submission }),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.knowledgeCheck(moduleId), state)
      void queryClient.invalidateQueries({ queryKey: queryKeys.knowledgeChecks, exact: true })
    },
  })
}

const watchPath = (moduleId: string, lessonId?: string) =>
  `/api/watch/${encodeURIComponent(moduleId)}${lessonId === undefined ? '' : `/${encodeURIComponent(lessonId)}`}`

/**
 * Where the learner stopped in each video of a module, for the "Resume at" offer. Only asked for
 * once the page is in the browser's hands: a page the server rendered makes no request while it
 * loads, and this is the learner's own data, read fresh each time the page opens.
 */
export function useModuleWatchQuery(moduleId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.watch(moduleId),
    queryFn: ({ signal }) => api<ModuleWatch>(watchPath(moduleId), { signal }),
    enabled,
    staleTime: 0,
  })
}

/** Sends one report of a playing video; the answer (the merged watching) replaces that lesson's entry. */
export function useReportWatch(moduleId: string, lessonId: string) {
  const queryClient = useQueryClient()
  return {
    path: watchPath(moduleId, lessonId),
    send: async (report: WatchReport) => {
      const watch = await api<LessonWatch>(watchPath(moduleId, lessonId), { method: 'PUT', body: report })
      queryClient.setQueryData<ModuleWatch>(queryKeys.watch(moduleId), (current) =>
        current && { ...current, lessons: [...current.lessons.filter((entry) => entry.lessonId !== lessonId), watch] },
      )
    },
  }
}
