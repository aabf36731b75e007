import { useEffect, useRef } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { notify } from '../../../lib/notify'
import { cn } from '../../../lib/utils'
import { useAuth } from '../../auth/auth-provider'
import { useAdminUsers } from '../api'
import { adminFailure } from '../messages'
import { useIsWide } from '../use-is-wide'
import { useUserListParams } from '../use-user-list-params'
import { UsersPagination } from './users-pagination'
import { UsersSearch } from './users-search'
import { UserCards, UsersTable } from './users-table'
import { ListLoadFailed, ListLoading } from './list-states'

const TABLE_MIN_WIDTH = 820

const describeTotal = (total: number, search: string) =>
  `${total.toLocaleString('en-US')} ${total === 1 ? 'user' : 'users'}${search ? ` matching “${search}”` : ''}`

/** Manage Users: one page of 50 from the server, searched on the server. */
export function ManageUsers() {
  const { profile } = useAuth()
  const heading = useRef<HTMLHeadingElement>(null)
  const content = useRef<HTMLDivElement>(null)
  // Five columns with three buttons need about 820 px; narrower, each user becomes a card.
  const isWide = useIsWide(content, TABLE_MIN_WIDTH)
  const { query, update } = useUserListParams()
  const users = useAdminUsers(query)
  const data = users.data

  useEffect(() => {
    if (users.isError) notify.error(adminFailure(users.error, 'Failed to load users'))
  }, [users.isError, users.error])

  const View = isWide ? UsersTable : UserCards
  const focusList = () => heading.current?.focus()

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
            {data ? describeTotal(data.total, query.search) : 'Every learner and admin.'}
          </CardDescription>
        </div>
        <UsersSearch value={query.search} onSearch={(search) => update({ search })} />
      </CardHeader>
      <CardContent ref={content} className="grid gap-4">
        {users.isPending ? (
          <ListLoading label="Loading users" />
        ) : !data ? (
          <ListLoadFailed message="Failed to load users" onRetry={() => void users.refetch()} />
        ) : data.users.length === 0 ? (
          <div className="grid justify-items-center gap-1 py-10 text-center">
            <p className="font-medium">No users found</p>
            {query.search && <p className="text-sm text-muted-foreground">Try another e-mail or name.</p>}
          </div>
        ) : (
          <div className={cn('min-w-0', users.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={users.isFetching}>
            <View users={data.users} selfId={profile?.id ?? ''} onDeleted={focusList} />
          </div>
        )}
        {data && (data.pageCount > 1 || data.page > 1) && (
          <UsersPagination
            data={data}
            onPage={(page) => {
              update({ page })
              focusList()
            }}
          />
        )}
      </CardContent>
    </Card>
  )
}
