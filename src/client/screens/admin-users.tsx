import { CreateUserForm } from '../features/admin-users/components/create-user-form'
import { ManageUsers } from '../features/admin-users/components/manage-users'
import { pageTitle } from '../lib/site-config'

/** The Admin Panel's first section: create users, and manage every user a page at a time. */
export default function AdminUsersPage() {
  return (
    <>
      <title>{pageTitle('Admin Panel')}</title>
      <CreateUserForm />
      <ManageUsers />
    </>
  )
}
