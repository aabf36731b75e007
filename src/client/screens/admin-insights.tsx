import { ActivityChart } from '../features/admin-insights/components/activity-chart'
import { ChecksChart } from '../features/admin-insights/components/checks-chart'
import { FunnelChart } from '../features/admin-insights/components/funnel-chart'
import { InsightsFilters } from '../features/admin-insights/components/insights-filters'
import { StalledLearnersList } from '../features/admin-insights/components/stalled-learners'
import { VideoChart } from '../features/admin-insights/components/video-chart'
import { INSIGHTS_FILTERS } from '../features/admin-insights/insights-filter'
import { useListParams } from '../lib/use-list-params'
import { pageTitle } from '../lib/site-config'

/** Where learners stall, in charts: the funnel, the weeks, the knowledge checks, the videos and who has stalled. */
export default function AdminInsightsPage() {
  const { query, update } = useListParams(INSIGHTS_FILTERS)
  const { page, ...filter } = query
  return (
    <>
      <title>{pageTitle('Insights - Admin Panel')}</title>
      <h2 className="sr-only">Insights</h2>
      <InsightsFilters filter={filter} onChange={update} />
      <FunnelChart filter={filter} />
      <ActivityChart filter={filter} />
      <div className="grid gap-6 xl:grid-cols-2">
        <ChecksChart filter={filter} />
        <VideoChart filter={filter} />
      </div>
      <StalledLearnersList filter={filter} page={page} onPage={(next) => update({ page: next })} />
    </>
  )
}
