import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ProgressResponse } from '../../../shared/course/api-types'
import { summarizeProgress } from '../../../shared/course/progress'
import { api, errorMessage } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { celebrateModule } from './confetti'

const progressWriteKey = [...queryKeys.progress, 'write'] as const

export function useProgressQuery() {
  return useQuery({
    queryKey: queryKeys.progress,
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
      await queryClient.cancelQueries({ queryKey: queryKeys.progress })
      const previous = queryClient.getQueryData<ProgressResponse>(queryKeys.progress)
      if (previous) queryClient.setQueryData(queryKeys.progress, withModule(previous, moduleNumber, completed))
      return { before: previous?.modules.find((module) => module.moduleNumber === moduleNumber) }
    },
    onError: (error, { moduleNumber }, context) => {
      // Roll back this module only: other writes in flight keep their own optimistic state.
      queryClient.setQueryData<ProgressResponse>(queryKeys.progress, (current) =>
        current ? withModule(current, moduleNumber, Boolean(context?.before), context?.before?.completedAt) : current,
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
    mutationFn: () => api<ProgressResponse>('/api/progress', { method: 'DELETE' }),
    onSuccess: (progress) => queryClient.setQueryData(queryKeys.progress, progress),
    onError: (error) => notify.error(errorMessage(error, 'Your progress could not be reset. Please try again.')),
  })
}
