import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'


/**
 * The one removal of audit entries there is: those older than the retention period
 * (AUDIT_RETENTION_DAYS). It goes through the database's prune_audit_log function, the only
 * thing the audit log's trigger lets delete, which on PostgreSQL can run with rights the
 * application's role has not, and which computes its own cutoff from the days it is given (never
 * less than one), so no caller can name a cutoff in the future (docs/decisions/0048-audit-log.md).
 * Returns how many went.
 */
export async function pruneAuditLog(db: Db, retentionDays: number): Promise<number> {
  const result = await db.execute<{ removed: number }>(sql`select prune_audit_log(${retentionDays}::integer) as removed`)
  const rows = (Array.isArray(result) ? result : (result as { rows: { removed: number }[] }).rows) as { removed: number }[]
  return Number(rows[0]?.removed ?? 0)
}
