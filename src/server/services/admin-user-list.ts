import { count, desc, sql, type SQLWrapper } from 'drizzle-orm'
import type { AdminUser, AdminUserPage } from '../../shared/api-types'
import { toPage } from '../../shared/paging'
import { ADMIN_USERS_PAGE_SIZE, type ListUsersQuery } from '../../shared/schemas/admin'
import type { Role } from '../../shared/schemas/fields'
import type { Db } from '../db/client'
import { user } from '../db/schema'

/**
 * The user columns one row of the admin list shows. The modules completed are the user row's
 * count, which the progress service keeps with the progress rows (db/schema.ts).
 */
export const adminUserColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  mustChangePassword: user.mustChangePassword,
  isDisabled: user.banned,
  completedModules: user.completedModules,
  createdAt: user.createdAt,
  twoFactorEnabled: user.twoFactorEnabled,
  loginDetails: user.loginDetails,
  scheduleLiftedAt: user.scheduleLiftedAt,
}

type AdminUserRow = {
  id: string
  email: string
  name: string
  role: string
  mustChangePassword: boolean
  isDisabled: boolean
  completedModules: number
  createdAt: Date
  twoFactorEnabled: boolean
  loginDetails: string | null
  scheduleLiftedAt: Date | null
}

export const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  fullName: row.name === '' ? null : row.name,
  role: row.role as Role,
  mustChangePassword: row.mustChangePassword,
  isDisabled: row.isDisabled,
  completedModules: row.completedModules,
  createdAt: row.createdAt.toISOString(),
  ...(row.twoFactorEnabled ? { hasTwoFactor: true as const } : {}),
  ...(row.loginDetails === 'pending' || row.loginDetails === 'sent' ? { loginDetails: row.loginDetails } : {}),
  ...(row.scheduleLiftedAt ? { isScheduleLifted: true as const } : {}),
})

/** A LIKE pattern that matches the term anywhere, with the term's own % _ \ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * The term anywhere in the e-mail or the name, ignoring case: search_text is lower-cased by the
 * database, so the term is too, by the same lower(). The trigram index answers it.
 */
const matchesSearch = sql`${user.searchText} like lower(${sql.placeholder('pattern')})`

/**
 * The search statements are built once but sent unnamed, so PostgreSQL plans each one for its
 * term: a cached generic plan would use the trigram index even for a two-letter term, which has
 * no trigram to look up.
 */
const PLANNED_PER_TERM = ''

const newestFirst = <T extends { createdAt: unknown; id: unknown }>(columns: T) => [
  desc(columns.createdAt as typeof user.createdAt),
  desc(columns.id as typeof user.id),
]

/** The rows whose ids a subquery yields; the subquery orders and pages, this fetches 50 rows. */
const idIn = (ids: SQLWrapper) => sql`${user.id} = any(array${ids})`

/**
 * The list's statements, built and prepared once per database: building a query with
 * subqueries costs more CPU than PostgreSQL takes to answer it.
 *
 * Both pick the page's ids first from narrow rows (an index-only scan of created_at without a
 * search), then read those 50 users by primary key: paging whole rows would read every skipped row.
 */
function prepareListing(db: Db) {
  const everyoneIds = db
    .select({ id: user.id })
    .from(user)
    .orderBy(...newestFirst(user))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
  const everyonePage = db
    .select(adminUserColumns)
    .from(user)
    .where(idIn(everyoneIds))
    .orderBy(...newestFirst(user))
    .prepare('admin_users_page')
  const everyoneCount = db.select({ total: count() }).from(user).prepare('admin_users_count')

  // With a search the matches are found once, from the trigram index (a CTE used twice is
  // computed once), then counted and paged. Left to itself, the planner would rather walk the
  // created_at index and test every user on the way.
  const matches = db.$with('matches').as(db.select({ id: user.id, createdAt: user.createdAt }).from(user).where(matchesSearch))
  const matchingIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...newestFirst(matches))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
  const searchPage = db
    .with(matches)
    .select({ ...adminUserColumns, total: sql<number>`(select count(*)::int from ${matches})` })
    .from(user)
    .where(idIn(matchingIds))
    .orderBy(...newestFirst(user))
    .prepare(PLANNED_PER_TERM)
  const searchCount = db.select({ total: count() }).from(user).where(matchesSearch).prepare(PLANNED_PER_TERM)

  return { everyonePage, everyoneCount, searchPage, searchCount }
}

const listings = new WeakMap<Db, ReturnType<typeof prepareListing>>()

/** One page of users, newest first, with the number of users that match in all and the course's `moduleCount`. */
export async function listUsers(db: Db, { search, page }: ListUsersQuery, moduleCount: number): Promise<AdminUserPage> {
  let listing = listings.get(db)
  if (!listing) listings.set(db, (listing = prepareListing(db)))
  const offset = (page - 1) * ADMIN_USERS_PAGE_SIZE

  let rows: AdminUserRow[]
  let total: number
  if (search) {
    const pattern = containsPattern(search)
    const found = await listing.searchPage.execute({ pattern, offset })
    rows = found
    // Past the last page no row carries the total.
    total = Number(found[0]?.total ?? (await listing.searchCount.execute({ pattern }))[0]?.total ?? 0)
  } else {
    const [found, [counted]] = await Promise.all([listing.everyonePage.execute({ offset }), listing.everyoneCount.execute()])
    rows = found
    total = Number(counted?.total ?? 0)
  }
  return { users: rows.map(toAdminUser), moduleCount, ...toPage(total, page, ADMIN_USERS_PAGE_SIZE) }
}
