import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ImportReport } from '../../../shared/api-types'
import type { ImportQuery } from '../../../shared/schemas/imports'
import { recheckSession } from '../../lib/auth'
import { api } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'

/** A dry run or an import of one CSV file; an import refreshes the user list and the reports. */
export function useImportUsers() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ csv, mode, sendLoginDetails }: ImportQuery & { csv: string }) =>
      api<ImportReport>(`/api/admin/imports?mode=${mode}&sendLoginDetails=${sendLoginDetails}`, {
        method: 'POST',
        text: { content: csv, contentType: 'text/csv; charset=utf-8' },
      }),
    onSuccess: async (report) => {
      if (report.created > 0) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
          queryClient.invalidateQueries({ queryKey: queryKeys.adminReports }),
        ])
      }
    },
    onError: (error) => recheckSession(queryClient, error),
  })
}
