import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ProgressResponse } from '../../../shared/course/api-types'
import { summarizeProgress } from '../../../shared/course/progress'
import { api, errorMessage } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { celebrateModule } from './confetti'

/**
 * The one cache entry every screen reads progress from, so no two screens disagree. Queries
 * under it (the certificate) go stale with it.
 */
export const progressQueryKey = ['progress'] as const
const progressWriteKey = ['progress', 'write'] as const

export function useProgressQuery() {
  return useQuery({
    queryKey: progressQueryKey,
    queryFn: ({ signal }) => api<ProgressResponse>('/api/progress', { signal }),
  })
}

/** The progress with one module set to the state it had in `from` (or to `isCompleted`). */
function withModule(progress: ProgressResponse, moduleNumber: number, isCompleted: boolean, completedAt?: string) {
  const others = progress.modules.filter((module) => module.moduleNumber !== moduleNumber)
  const modules = isCompleted
    ? [...others, { moduleNumber, completedAt: completedAt ?? new Date().toISOString() }].sort(
        (a, b) => a.moduleNumber - b.moduleNumber,
      )
    : others
  return { ...summarizeProgress(modules.map((module) => module.moduleNumber)), modules }
}

type ModuleCompletion = { moduleNumber: number; completed: boolean }

/**
 * Marks a module complete or incomplete. The screen changes at once (optimistic); if the server
 * refuses, that module goes back to how it was and an error toast says why.
 */
export function useSetModuleCompleted() {
  const queryClient = useQueryClient()
  const isOnlyWrite = () => queryClient.isMutating({ mutationKey: progressWriteKey }) <= 1

  return useMutation({
    mutationKey: progressWriteKey,
    mutationFn: ({ moduleNumber, completed }: ModuleCompletion) =>
      api<ProgressResponse>(`/api/progress/${moduleNumber}`, { method: 'PUT', body: { completed } }),
    onMutate: async ({ moduleNumber, completed }) => {
      await queryClient.cancelQueries({ queryKey: progressQueryKey })
      const previous = queryClient.getQueryData<ProgressResponse>(progressQueryKey)
      if (previous) queryClient.setQueryData(progressQueryKey, withModule(previous, moduleNumber, completed))
      return { before: previous?.modules.find((module) => module.moduleNumber === moduleNumber) }
    },
    onError: (error, { moduleNumber }, context) => {
      // Roll back this module only: other writes in flight keep their own optimistic state.
      queryClient.setQueryData<ProgressResponse>(progressQueryKey, (current) =>
        current ? withModule(current, moduleNumber, Boolean(context?.before), context?.before?.completedAt) : current,
      )
      notify.error(errorMessage(error, 'Your progress could not be saved. Please try again.'))
    },
    onSuccess: (progress, { moduleNumber, completed }) => {
      if (isOnlyWrite()) queryClient.setQueryData(progressQueryKey, progress)
      if (completed) {
        notify.success(`Congratulations! Module ${moduleNumber} completed! 🎉`)
        void celebrateModule()
      } else {
        notify.info(`Module ${moduleNumber} marked as incomplete`)
      }
    },
    onSettled: () => {
      if (isOnlyWrite()) void queryClient.invalidateQueries({ queryKey: progressQueryKey })
    },
  })
}

/** Clears every module (the certificate, once issued, stays). */
export function useResetProgress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<ProgressResponse>('/api/progress', { method: 'DELETE' }),
    onSuccess: (progress) => queryClient.setQueryData(progressQueryKey, progress),
    onError: (error) => notify.error(errorMessage(error, 'Your progress could not be reset. Please try again.')),
  })
}
