import type { Activity, Checks, Funnel, StalledLearners, VideoInsights } from '../../../shared/insights'
import { queryKeys } from '../../lib/query-keys'
import { useAdminQuery } from '../../lib/use-admin-query'
import { insightsQuery, type InsightsFilter } from './insights-filter'

// One request per chart: each loads, fails and retries on its own (docs/decisions/0087-owner-insights.md).
const useChart = <T>(chart: string, filter: InsightsFilter) => {
  const query = insightsQuery(filter)
  return useAdminQuery<T>([...queryKeys.adminInsights, chart, query], `/api/admin/insights/${chart}${query}`)
}

export const useFunnel = (filter: InsightsFilter) => useChart<Funnel>('funnel', filter)
export const useActivity = (filter: InsightsFilter) => useChart<Activity>('activity', filter)
export const useChecks = (filter: InsightsFilter) => useChart<Checks>('checks', filter)
export const useVideoInsights = (filter: InsightsFilter) => useChart<VideoInsights>('video', filter)

export const useStalledLearners = (filter: InsightsFilter, page: number) => {
  const query = insightsQuery(filter, page)
  return useAdminQuery<StalledLearners>([...queryKeys.adminInsights, 'stalled', query], `/api/admin/insights/stalled${query}`)
}
