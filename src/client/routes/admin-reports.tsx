import { LearnerReports } from '../features/admin-reports/components/learner-reports'
import { pageTitle } from '../lib/site-config'

export default function AdminReportsPage() {
  return (
    <>
      <title>{pageTitle('Reports - Admin Panel')}</title>
      <LearnerReports />
    </>
  )
}
