import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { user } from '../db/schema'

/**
 * Records a learner's activity for the reports' "last activity": a sign-in, or a change to their
 * progress (a module marked or unmarked, a reset). Reading a page is not counted.
 */
export async function markActive(db: Db | Tx, userId: string, at = new Date()): Promise<void> {
  await db.update(user).set({ lastActivityAt: at }).where(eq(user.id, userId))
}
