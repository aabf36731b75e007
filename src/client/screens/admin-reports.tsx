import { useSearchParams } from 'react-router'
import { LearnerReports } from '../features/admin-reports/components/learner-reports'
import { readReportKind, ReportKinds } from '../features/admin-reports/components/report-kinds'
import { WatchingReport } from '../features/admin-reports/components/watching-report'
import { pageTitle } from '../lib/site-config'

export default function AdminReportsPage() {
  const [params] = useSearchParams()
  const kind = readReportKind(params.get('report'))
  return (
    <>
      <title>{pageTitle(kind === 'watching' ? 'Video Watching - Reports - Admin Panel' : 'Reports - Admin Panel')}</title>
      <ReportKinds current={kind} />
      {kind === 'watching' ? <WatchingReport /> : <LearnerReports />}
    </>
  )
}
