import type { AdminUserPage } from '../../../../shared/api-types'
import { ListPagination } from './list-pagination'

/** "Showing 51–100 of 10,000 users", Previous and Next. */
export function UsersPagination({ data, onPage }: { data: AdminUserPage; onPage: (page: number) => void }) {
  return <ListPagination label="User list pages" noun="users" {...data} shownCount={data.users.length} onPage={onPage} />
}
