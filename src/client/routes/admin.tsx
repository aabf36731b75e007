import { CreateUserForm } from '../features/admin/components/create-user-form'
import { ManageUsers } from '../features/admin/components/manage-users'
import { pageTitle } from '../lib/site-config'

/** The Admin Panel: create users, and manage every user a page at a time. */
export default function AdminPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <title>{pageTitle('Admin Panel')}</title>
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold">Admin Panel</h1>
        <p className="text-muted-foreground">Create learner and admin accounts, and manage the people who use the course.</p>
      </div>
      <CreateUserForm />
      <ManageUsers />
    </div>
  )
}
