import type { AuditAction, AuditPage } from '../../../shared/audit'
import { queryKeys } from '../../lib/query-keys'
import { useAdminQuery } from '../../lib/use-admin-query'

/** The filters as the URL keeps them: dates are the viewer's own calendar days (YYYY-MM-DD). */
export type ActivityFilters = { actor: string; target: string; action: AuditAction | 'all'; from: string; to: string }
export type ActivityParams = ActivityFilters & { page: number }

/** The start of a local calendar day, or the last millisecond of it, as an instant for the API. */
const localDayBound = (day: string, edge: 'start' | 'end') => {
  const [year, month, date] = day.split('-').map(Number)
  const start = new Date(year!, month! - 1, date!)
  return edge === 'start' ? start.toISOString() : new Date(new Date(year!, month! - 1, date! + 1).getTime() - 1).toISOString()
}

const activityQuery = ({ actor, target, action, from, to, page }: Partial<ActivityParams>) => {
  const params = new URLSearchParams()
  if (actor) params.set('actor', actor)
  if (target) params.set('target', target)
  if (action && action !== 'all') params.set('action', action)
  if (from) params.set('from', localDayBound(from, 'start'))
  if (to) params.set('to', localDayBound(to, 'end'))
  if (page && page > 1) params.set('page', String(page))
  return params.size > 0 ? `?${params}` : ''
}

/** One page of the audit log, newest first, filtered on the server. */
export const useActivity = (params: ActivityParams) =>
  useAdminQuery<AuditPage>([...queryKeys.adminActivity, params], `/api/admin/activity${activityQuery(params)}`)

/** The CSV export of every entry the filters match: a plain link, so the browser downloads it. */
export const activityExportUrl = (filters: ActivityFilters) => `/api/admin/activity.csv${activityQuery(filters)}`
