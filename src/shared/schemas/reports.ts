import { z } from 'zod'
import { PageParamSchema } from './admin'

/** Where a learner is: no module yet, some, or the course finished (a certificate issued). */
export const LEARNER_STATUSES = ['not-started', 'in-progress', 'completed'] as const
export type LearnerStatus = (typeof LEARNER_STATUSES)[number]

export const REPORT_PAGE_SIZE = 50

const StatusFilterSchema = z
  .enum(['all', ...LEARNER_STATUSES], { error: 'status must be all, not-started, in-progress or completed' })
  .default('all')

/** `GET /api/admin/reports?status=&page=`. */
export const ReportQuerySchema = z.object({ status: StatusFilterSchema, page: PageParamSchema })
export type ReportQuery = z.output<typeof ReportQuerySchema>

/** `GET /api/admin/reports.csv?status=`: every matching learner, not one page. */
export const ReportExportQuerySchema = z.object({ status: StatusFilterSchema })
export type ReportStatusFilter = z.output<typeof StatusFilterSchema>

/** `GET /api/admin/reports/watching?page=`. */
export const WatchingReportQuerySchema = z.object({ page: PageParamSchema })
