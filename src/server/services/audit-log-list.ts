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
 * One page of entries, newest first, with how many match. The page's ids are picked from the
 * narrow index first, then those 50 rows read (docs/decisions/0033-admin-lists-paged-in-the-database.md
 * does the same for users): an offset over whole rows would read every skipped row.
 */
export async function listActivity(db: Db, query: ActivityQuery): Promise<AuditPage> {
  const where = matching(query)
  const offset = (query.page - 1) * AUDIT_PAGE_SIZE
  const pageIds = db.select({ id: auditLog.id }).from(auditLog).where(where).orderBy(...newestFirst).limit(AUDIT_PAGE_SIZE).offset(offset)
  const [rows, [counted]] = await Promise.all([
    db.select().from(auditLog).where(sql`${auditLog.id} in ${pageIds}`).orderBy(...newestFirst),
    db.select({ total: count() }).from(auditLog).where(where),
  ])
  return { entries: rows.map(toEntry), ...toPage(Number(counted?.total ?? 0), query.page, AUDIT_PAGE_SIZE) }
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
