import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { user } from '../db/schema'

/**
 * Records a sign-in for the reports' "last activity" (the latest sign-in or change of progress;
 * reading a page does not count).
 */
export async function markActive(db: Db | Tx, userId: string, at = new Date()): Promise<void> {
  await db.update(user).set({ lastActivityAt: at }).where(eq(user.id, userId))
}

/**
 * A change of progress, in the transaction that made it: the learner's module count (which the
 * reports filter and total by) and their last activity.
 */
export async function recordProgressChange(tx: Tx, userId: string, completedModules: number, at = new Date()): Promise<void> {
  await tx.update(user).set({ completedModules, lastActivityAt: at }).where(eq(user.id, userId))
}
