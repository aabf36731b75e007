import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './api-client'
import { recheckSession } from './auth'

/**
 * A read of the admin API: rechecks the session when the server says it ended or lost the admin
 * role, and keeps the previous page on screen while the next one loads.
 */
export function useAdminQuery<T>(queryKey: readonly unknown[], path: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      try {
        return await api<T>(path, { signal })
      } catch (error) {
        recheckSession(queryClient, error)
        throw error
      }
    },
    placeholderData: keepPreviousData,
  })
}
