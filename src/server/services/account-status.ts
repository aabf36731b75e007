import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { session, user } from '../db/schema'

/**
 * A disabled account is Better Auth's "banned" user: sign-in answers ACCOUNT_DISABLED and the
 * session reader refuses it. Disabling also ends every session at once, so a browser that is
 * signed in loses access on its next request. Progress and certificate are kept.
 *
 * Returns whether the account was enabled before (false: already disabled, or no such user).
 */
export async function disableUser(db: Db | Tx, userId: string, reason: string | null = null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(user)
      .set({ banned: true, banReason: reason, banExpires: null, updatedAt: new Date() })
      .where(and(eq(user.id, userId), eq(user.banned, false)))
      .returning({ id: user.id })
    await tx.delete(session).where(eq(session.userId, userId))
    return changed.length > 0
  })
}

/** Lets a disabled account sign in again. Returns whether it was disabled before. */
export async function enableUser(db: Db | Tx, userId: string): Promise<boolean> {
  const changed = await db
    .update(user)
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.banned, true)))
    .returning({ id: user.id })
  return changed.length > 0
}
