import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { ChangePasswordInput } from '../../shared/schemas/auth'
import type { SessionUser } from '../auth/session'
import type { Db } from '../db/client'
import { account, session, user } from '../db/schema'
import { AppError } from '../errors'

export { hashPassword }

async function credentialHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1)
  return row?.password ?? undefined
}

/**
 * A signed-in password change (decision D9). A learner holding a temporary password sets a new
 * one without repeating it; anyone else proves the current one. Either way the flag clears and
 * every other session of the account ends.
 */
export async function changePassword(db: Db, current: SessionUser, input: ChangePasswordInput): Promise<void> {
  const storedHash = await credentialHash(db, current.id)
  if (!storedHash) throw new AppError('NOT_FOUND', 'This account has no password to change.')

  if (!current.mustChangePassword) {
    const isCurrentCorrect =
      input.currentPassword !== undefined && (await verifyPassword({ hash: storedHash, password: input.currentPassword }))
    if (!isCurrentCorrect) {
      throw new AppError('VALIDATION_FAILED', 'Current password is incorrect', [
        { path: 'currentPassword', message: 'Current password is incorrect' },
      ])
    }
  }
  if (await verifyPassword({ hash: storedHash, password: input.newPassword })) {
    throw new AppError('VALIDATION_FAILED', 'Choose a password different from your current one.', [
      { path: 'newPassword', message: 'Choose a password different from your current one.' },
    ])
  }

  const newHash = await hashPassword(input.newPassword)
  await db.transaction(async (tx) => {
    const now = new Date()
    await tx
      .update(account)
      .set({ password: newHash, updatedAt: now })
      .where(and(eq(account.userId, current.id), eq(account.providerId, 'credential')))
    await tx
      .update(user)
      .set({ mustChangePassword: false, temporaryPasswordIssuedAt: null, updatedAt: now })
      .where(eq(user.id, current.id))
    await tx.delete(session).where(and(eq(session.userId, current.id), ne(session.id, current.sessionId)))
  })
}
