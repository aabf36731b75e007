import { ActivityLog } from '../features/admin-activity/components/activity-log'
import { pageTitle } from '../lib/site-config'

export default function AdminActivityPage() {
  return (
    <>
      <title>{pageTitle('Activity - Admin Panel')}</title>
      <ActivityLog />
    </>
  )
}
