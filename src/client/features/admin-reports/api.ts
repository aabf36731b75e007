import type { LearnerReport } from '../../../shared/api-types'
import type { WatchingReport } from '../../../shared/media'
import type { ReportStatusFilter } from '../../../shared/schemas/reports'
import { queryKeys } from '../../lib/query-keys'
import { useAdminQuery } from '../../lib/use-admin-query'

export type ReportParams = { status: ReportStatusFilter; page: number }

const reportQuery = ({ status, page }: Partial<ReportParams>) => {
  const params = new URLSearchParams()
  if (status && status !== 'all') params.set('status', status)
  if (page && page > 1) params.set('page', String(page))
  return params.size > 0 ? `?${params}` : ''
}

/** Totals over every learner, and one page of the learners with the status asked for. */
export const useLearnerReport = (params: ReportParams) =>
  useAdminQuery<LearnerReport>([...queryKeys.adminReports, params], `/api/admin/reports${reportQuery(params)}`)

/** The CSV export: a plain link, so the browser downloads it with its own file name. */
export const reportExportUrl = (status: ReportStatusFilter) => `/api/admin/reports.csv${reportQuery({ status })}`

/** One page of who watched which lesson's video, and how far (newest first). */
export const useWatchingReport = ({ page }: { page: number }) =>
  useAdminQuery<WatchingReport>([...queryKeys.adminReports, 'watching', { page }], `/api/admin/reports/watching${reportQuery({ page })}`)

/** Every learner's watching of every lesson, as CSV. */
export const watchingExportUrl = '/api/admin/reports/watching.csv'
