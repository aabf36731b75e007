import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ImportReport, LearnerReport, PurchaseIntegration } from '../../../shared/api-types'
import type { ImportQuery } from '../../../shared/schemas/imports'
import type { ReportStatusFilter } from '../../../shared/schemas/reports'
import { api } from '../../lib/api-client'
import { adminUsersKey, recheckSession } from './api'

export const reportsKey = ['admin-reports'] as const
export const deliveriesKey = ['admin-purchase-deliveries'] as const

/** A query that rechecks the session when the server says it ended or lost the admin role. */
function useAdminQuery<T>(queryKey: readonly unknown[], path: string) {
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

export type ReportParams = { status: ReportStatusFilter; page: number }

const reportQuery = ({ status, page }: Partial<ReportParams>) => {
  const params = new URLSearchParams()
  if (status && status !== 'all') params.set('status', status)
  if (page && page > 1) params.set('page', String(page))
  return params.size > 0 ? `?${params}` : ''
}

export const useLearnerReport = (params: ReportParams) =>
  useAdminQuery<LearnerReport>([...reportsKey, params], `/api/admin/reports${reportQuery(params)}`)

/** The CSV export: a plain link, so the browser downloads it with its own file name. */
export const reportExportUrl = (status: ReportStatusFilter) => `/api/admin/reports.csv${reportQuery({ status })}`

export const usePurchaseIntegration = (page: number) =>
  useAdminQuery<PurchaseIntegration>([...deliveriesKey, page], `/api/admin/integrations/purchases${page > 1 ? `?page=${page}` : ''}`)

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
          queryClient.invalidateQueries({ queryKey: adminUsersKey }),
          queryClient.invalidateQueries({ queryKey: reportsKey }),
        ])
      }
    },
    onError: (error) => recheckSession(queryClient, error),
  })
}
