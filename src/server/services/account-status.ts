import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { session, user, verification } from '../db/schema'

/**
 * A disabled account is Better Auth's "banned" user: sign-in answers ACCOUNT_DISABLED and the
 * session reader refuses it, and 'Forgot your password?' sends it no link (auth/auth.ts), with the
 * same answer as for any address. Disabling also ends every session at once, so a browser that is
 * signed in loses access on its next request, and every pending token: reset links and
 * invitations already sent, a sign-in waiting for its code, trusted devices. Progress, certificate
 * and second factor are kept. Enabling it again lets it sign in and ask for a reset link again.
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
    await tx.delete(verification).where(eq(verification.value, userId))
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
