import { pageTitle } from '../lib/site-config'

/** The Admin Panel. User management arrives with the admin work. */
export default function AdminPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <title>{pageTitle('Admin Panel')}</title>
      <h1 className="text-3xl font-bold">Admin Panel</h1>
    </div>
  )
}
