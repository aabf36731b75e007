import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { user } from '../db/schema'

/**
 * Records a sign-in for the reports' "last activity" (the latest sign-in or change of progress;
 * reading a page does not count), and the first one for the Insights.
 */
export async function markActive(db: Db | Tx, userId: string, at = new Date()): Promise<void> {
  await db
    .update(user)
    .set({ lastActivityAt: at, firstSignedInAt: sql`coalesce(${user.firstSignedInAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(user.id, userId))
}
