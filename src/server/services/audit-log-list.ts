import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { AuditAction, AuditActorKind, AuditEntry, AuditPage } from '../../shared/audit'
import { toPage } from '../../shared/paging'
import { AUDIT_PAGE_SIZE, type ActivityFilter, type ActivityQuery } from '../../shared/schemas/audit'
import type { Db } from '../db/client'
import { auditLog } from '../db/schema'
import { containsPattern } from './admin-user-list'

type AuditRow = typeof auditLog.$inferSelect

const toEntry = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  createdAt: row.createdAt.toISOString(),
  action: row.action as AuditAction,
  actorKind: row.actorKind as AuditActorKind,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  targetId: row.targetId,
  targetEmail: row.targetEmail,
  detail: row.detail,
  ip: row.ip,
  userAgent: row.userAgent,
  requestId: row.requestId,
})

/**
 * The filters as one condition. E-mails are stored lower-cased, so a term is lowered once and
 * matched by the trigram indexes; the action and the time range by the (action, created_at) and
 * created_at indexes. A term matches the target's id too, so a user's entries can be found after
 * the account (and its e-mail) changed.
 */
function matching({ actor, target, action, from, to }: ActivityFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    actor ? sql`${auditLog.actorEmail} like lower(${containsPattern(actor)})` : undefined,
    target ? sql`(${auditLog.targetEmail} like lower(${containsPattern(target)}) or ${auditLog.targetId} = ${target})` : undefined,
    action === 'all' ? undefined : eq(auditLog.action, action),
    from ? gte(auditLog.createdAt, new Date(from)) : undefined,
    to ? lte(auditLog.createdAt, new Date(to)) : undefined,
  ]
  return and(...conditions)
}

const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)]

/**
 * Matches are counted up to this many: past it the answer says "more than 10,000", and an exact
 * count of a long log (every entry's index entry read on every page) is not paid for
 * (docs/decisions/0068-activity-counts-up-to-10000.md).
 */
export const ACTIVITY_COUNT_CAP = 10_000

/**
 * One page of entries, newest first, with how many match. The page's ids (and one more, which
 * says whether a next page exists) are picked from the narrow index first, then those rows read
 * (docs/decisions/0033-admin-lists-paged-in-the-database.md does the same for users): an offset
 * over whole rows would read every skipped row. The total costs nothing more when the page is the
 * last one, or lies past the cap; otherwise the matches are counted up to the cap.
 */
export async function listActivity(db: Db, query: ActivityQuery): Promise<AuditPage> {
  const where = matching(query)
  const offset = (query.page - 1) * AUDIT_PAGE_SIZE
  if (query.actor || query.target) {
    const found = await termPage(db, where, offset)
    if (found) return found
  }
  const pageIds = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(...newestFirst)
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset(offset)
  const rows = await db.select().from(auditLog).where(sql`${auditLog.id} in ${pageIds}`).orderBy(...newestFirst)
  const hasNext = rows.length > AUDIT_PAGE_SIZE
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(toEntry)
  const page = (total: number, isTotalCapped: boolean) => {
    const info = toPage(total, query.page, AUDIT_PAGE_SIZE)
    if (!isTotalCapped) return { ...info, isTotalCapped }
    // More than `total` match: the pages go on past the counted ones, and past this one if it has a next.
    return { ...info, isTotalCapped, pageCount: Math.max(info.pageCount + 1, hasNext ? query.page + 1 : 0) }
  }
  // The last page: the total is known.
  if (!hasNext && (entries.length > 0 || offset === 0)) return { entries, ...page(offset + entries.length, false) }
  // Past the cap: more than what lies before the next page.
  if (hasNext && offset + entries.length >= ACTIVITY_COUNT_CAP) return { entries, ...page(offset + entries.length, true) }
  const [counted] = await db
    .select({ total: count() })
    .from(db.select({ one: sql`1` }).from(auditLog).where(where).limit(ACTIVITY_COUNT_CAP + 1).as('capped'))
  const total = Number(counted?.total ?? 0)
  return { entries, ...(total > ACTIVITY_COUNT_CAP ? page(ACTIVITY_COUNT_CAP, true) : page(total, false)) }
}

/**
 * With an e-mail term the matches come from the trigram indexes in no order anyway: found once
 * (a CTE used twice is computed once), then counted and paged, as the user list's search does.
 * Answers nothing when the page is past the last one, or when more than the cap match (then the
 * first matches found are not the newest, and the page is picked from the ordered index instead).
 */
async function termPage(db: Db, where: SQL | undefined, offset: number): Promise<AuditPage | undefined> {
  const matches = db
    .$with('matches')
    .as(db.select({ id: auditLog.id, createdAt: auditLog.createdAt }).from(auditLog).where(where).limit(ACTIVITY_COUNT_CAP + 1))
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset(offset)
  const rows = await db
    .with(matches)
    .select({ row: auditLog, total: sql<number>`(select count(*)::int from ${matches})` })
    .from(auditLog)
    .where(sql`${auditLog.id} in ${pageIds}`)
    .orderBy(...newestFirst)
  const total = Number(rows[0]?.total ?? 0)
  if (rows.length === 0 || total > ACTIVITY_COUNT_CAP) return undefined
  return { entries: rows.map(({ row }) => toEntry(row)), ...toPage(total, offset / AUDIT_PAGE_SIZE + 1, AUDIT_PAGE_SIZE), isTotalCapped: false }
}

/** How many entries the CSV holds at most; a wider export is refused with a hint to filter. */
export const ACTIVITY_EXPORT_MAX = 100_000

/** Every matching entry, newest first, for the CSV; read in slices so memory stays small per slice. */
export async function* activityForExport(db: Db, filter: ActivityFilter): AsyncGenerator<AuditEntry[]> {
  const where = matching(filter)
  let before: { createdAt: Date; id: number } | undefined
  for (let read = 0; read < ACTIVITY_EXPORT_MAX; ) {
    const after = before
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id})`
      : undefined
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where, after))
      .orderBy(...newestFirst)
      .limit(Math.min(5_000, ACTIVITY_EXPORT_MAX - read))
    if (rows.length === 0) return
    yield rows.map(toEntry)
    read += rows.length
    const last = rows.at(-1)!
    before = { createdAt: last.createdAt, id: last.id }
  }
}
