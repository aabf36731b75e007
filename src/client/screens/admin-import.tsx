import { ImportUsers } from '../features/admin-import/components/import-users'
import { pageTitle } from '../lib/site-config'

export default function AdminImportPage() {
  return (
    <>
      <title>{pageTitle('Import Users - Admin Panel')}</title>
      <ImportUsers />
    </>
  )
}
