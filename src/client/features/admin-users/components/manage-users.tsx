import { useRef } from 'react'
import { PagedList } from '../../../components/paged-list/paged-list'
import { ListEmpty } from '../../../components/paged-list/list-states'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { useAuth } from '../../../lib/auth'
import { useListParams, type FilterParam } from '../../../lib/use-list-params'
import { useAdminUsers } from '../api'
import { UsersSearch } from './users-search'
import { UserCards, UsersTable } from './users-table'

// Five columns with three buttons need about 820 px; narrower, each user becomes a card.
const TABLE_MIN_WIDTH = 820

const filters: { search: FilterParam<string> } = {
  search: { read: (value) => (value ?? '').trim().slice(0, 255), none: '' },
}

const describeTotal = (total: number, search: string) =>
  `${total.toLocaleString('en-US')} ${total === 1 ? 'user' : 'users'}${search ? ` matching “${search}”` : ''}`

/** Manage Users: one page of 50 from the server, searched on the server. */
export function ManageUsers() {
  const { profile } = useAuth()
  const heading = useRef<HTMLHeadingElement>(null)
  // A search replaces the history entry (it changes as the admin types); a page adds one.
  const { query, update } = useListParams(filters, { replaceOnFilter: true })
  const users = useAdminUsers(query)
  const focusList = () => heading.current?.focus()
  const selfId = profile?.id ?? ''
  // Rows show only with a page, which says the count.
  const moduleCount = users.data?.moduleCount ?? 0

  return (
    // min-w-0: a grid item, the card must not grow to the table's width, which would defeat the
    // measurement that picks the table or the cards.
    <Card className="min-w-0">
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle ref={heading} tabIndex={-1} className="outline-none">
            Manage Users
          </CardTitle>
          <CardDescription aria-live="polite">
            {users.data ? describeTotal(users.data.total, query.search) : 'Every learner and admin.'}
          </CardDescription>
        </div>
        <UsersSearch value={query.search} onSearch={(search) => update({ search })} />
      </CardHeader>
      <PagedList
        list={users}
        rows={(data) => data.users}
        text={{ loading: 'Loading users', failed: 'Failed to load users', pages: 'User list pages', noun: 'users' }}
        empty={<ListEmpty title="No users found" hint={query.search ? 'Try another e-mail or name.' : undefined} />}
        tableMinWidth={TABLE_MIN_WIDTH}
        renderRows={(rows, layout) =>
          layout === 'table' ? (
            <UsersTable users={rows} selfId={selfId} moduleCount={moduleCount} onDeleted={focusList} />
          ) : (
            <UserCards users={rows} selfId={selfId} moduleCount={moduleCount} onDeleted={focusList} />
          )
        }
        onPage={(page) => update({ page })}
        heading={heading}
      />
    </Card>
  )
}
