import { dictionary } from '@zxcvbn-ts/language-common'
import { and, eq, ne } from 'drizzle-orm'
import type { ChangePasswordInput } from '../../shared/schemas/auth'
import { COMMON_PASSWORD_MESSAGE } from '../../shared/schemas/fields'
import { generateTemporaryPassword } from '../../shared/temporary-password'
import { hashPassword, verifyPassword } from '../auth/password-hashing'
import type { SessionUser } from '../auth/session'
import type { Db } from '../db/client'
import { account, session, user } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'
import { DAY_MS } from '../../shared/durations'

export { hashPassword }


/**
 * The most common passwords of leaked password sets, as ranked by zxcvbn-ts (MIT)
 * (docs/decisions/0017-common-passwords-refused.md). Server-side only: the client shows the
 * server's message rather than carry the whole list. Built on first use, lower-cased.
 */
let commonPasswords: Set<string> | undefined

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()))
  return commonPasswords.has(password.toLowerCase())
}

/** Every path that sets a chosen password calls this; `path` names the form field the issue is for. */
export function assertNotCommon(password: string, path: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, [{ path, message: COMMON_PASSWORD_MESSAGE }])
  }
}

/** A generated temporary password (first admin, CLI, purchases), never one on the list. */
export function generateUncommonPassword(): string {
  let password = generateTemporaryPassword()
  while (isCommonPassword(password)) password = generateTemporaryPassword()
  return password
}

/** Whether a temporary password was issued more than `ttlDays` ago; a chosen password never expires. */
export function isTemporaryPasswordExpired(
  holder: { mustChangePassword: boolean; temporaryPasswordIssuedAt: Date | null },
  ttlDays: number,
  now = Date.now(),
): boolean {
  if (!holder.mustChangePassword || !holder.temporaryPasswordIssuedAt) return false
  return holder.temporaryPasswordIssuedAt.getTime() + ttlDays * DAY_MS <= now
}

async function credentialHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1)
  return row?.password ?? undefined
}

/**
 * A signed-in password change (docs/decisions/0009-password-change-and-reset.md). A learner holding a temporary password sets a new
 * one without repeating it; anyone else proves the current one. Either way the flag clears and
 * every other session of the account ends.
 */
export async function changePassword(db: Db, current: SessionUser, input: ChangePasswordInput, audit: AuditContext): Promise<void> {
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
  assertNotCommon(input.newPassword, 'newPassword')
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
    await recordAudit(tx, audit, { action: 'password_changed', target: { id: current.id, email: current.email } })
  })
}
