import { and, eq, gt, like, sql } from 'drizzle-orm'
import {
  storedVerificationIdentifier,
  TRUST_DEVICE_IDENTIFIER_PREFIX,
  twoFactorCookieName,
  verifiedSignedValue,
} from '../auth/better-auth-formats'
import type { Auth } from '../auth/auth'
import { readCookie } from '../auth/session-cookie'
import type { Db, Tx } from '../db/client'
import { twoFactor, user, verification } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'

// Two-factor sign-in is Better Auth's twoFactor plugin behind the portal's routes
// (routes/two-factor.ts). What the portal does itself is here: who must set it up, whose sign-in a
// code step belongs to (for the rate limits), and turning it off for someone else (admin panel,
// CLI). docs/decisions/0038-two-factor-sign-in.md says why.

export const TWO_FACTOR_NOT_ON_MESSAGE = 'This user has not set up two-factor sign-in.'
export const SELF_TWO_FACTOR_RESET_MESSAGE = 'Turn off your own two-factor sign-in on the Security page.'

/** An admin without a second factor, while REQUIRE_ADMIN_2FA is on: held until they set one up. */
export const mustSetUpTwoFactor = (
  person: { role: string; twoFactorEnabled: boolean },
  isRequiredForAdmins: boolean,
): boolean => isRequiredForAdmins && person.role === 'admin' && !person.twoFactorEnabled

type CookieSettings = { secret: string; secureCookies: boolean }

/**
 * The user whose sign-in is waiting for its code: the two-factor cookie's signed value names a
 * `verification` row holding their id. Undefined for a missing, forged or expired cookie (Better
 * Auth then refuses the code step itself).
 */
export async function pendingSignInUserId(
  db: Db,
  cookieHeader: string | undefined,
  { secret, secureCookies }: CookieSettings,
): Promise<string | undefined> {
  const raw = readCookie(cookieHeader, twoFactorCookieName(secureCookies))
  const identifier = raw && verifiedSignedValue(raw, secret)
  if (!identifier) return undefined
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, storedVerificationIdentifier(identifier)), gt(verification.expiresAt, sql`now()`)))
    .limit(1)
  return row?.userId
}

/** Every device the account trusted ("Trust this device for 30 days") asks for a code again. */
export async function endTrustedDevices(db: Db | Tx, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, `${TRUST_DEVICE_IDENTIFIER_PREFIX}%`)))
}

/**
 * Turns off another user's second factor, for a user who lost their authenticator and their
 * recovery codes: an admin in the Users section (`DELETE /api/admin/users/:id/two-factor`) or the
 * `user:2fa-reset` command for a locked-out sole admin. The secret, the recovery codes and every
 * trusted device go, in one transaction; the password and the sessions stay. An admin the portal
 * requires it of is asked to set it up again on their next request. Throws NOT_FOUND for no such
 * user, CONFLICT when it was not on.
 * Its audit entry is written in the same transaction.
 */
export async function resetTwoFactor(db: Db, userId: string, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ twoFactorEnabled: user.twoFactorEnabled, email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      .for('update')
    if (!target) throw new AppError('NOT_FOUND', 'User not found')
    if (!target.twoFactorEnabled) throw new AppError('CONFLICT', TWO_FACTOR_NOT_ON_MESSAGE)
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId))
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, userId))
    await endTrustedDevices(tx, userId)
    await recordAudit(tx, audit, { action: 'two_factor_reset', target: { id: userId, email: target.email } })
  })
}

export const TWO_FACTOR_ALREADY_ON_MESSAGE = 'Two-factor sign-in is already on.'
export const TWO_FACTOR_ALREADY_OFF_MESSAGE = 'Two-factor sign-in is already off.'

/**
 * The setup's otpauth:// URI as authenticator apps read it. Better Auth writes the query with
 * URLSearchParams, which turns the issuer's spaces into '+'; apps decode it as a URI, where '+' is
 * a plus sign, and some would show "Success+Without+Sacrifice". The key (base32) and the numbers
 * hold no '+' of their own.
 */
export function authenticatorUri(uri: string): string {
  const queryAt = uri.indexOf('?')
  return queryAt < 0 ? uri : `${uri.slice(0, queryAt)}?${uri.slice(queryAt + 1).replaceAll('+', '%20')}`
}

/** Turning it on (or confirming the setup) is for someone who does not have it on yet. */
export function assertTwoFactorOff(person: { twoFactorEnabled: boolean }): void {
  if (person.twoFactorEnabled) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON_MESSAGE)
}

/** Turning it off and new recovery codes are for someone who has it on. */
export function assertTwoFactorOn(person: { twoFactorEnabled: boolean }): void {
  if (!person.twoFactorEnabled) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_OFF_MESSAGE)
}

/** The user's recovery codes not used yet, read (and decrypted) by Better Auth. */
export async function unusedRecoveryCodes(auth: Auth, userId: string): Promise<string[]> {
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } })
  return backupCodes
}

/**
 * After Better Auth turned the user's second factor off (their own choice, with their password):
 * the devices they trusted no longer skip the code if they turn it on again. Better Auth itself
 * ends only the trusted device the request came from.
 */
export async function afterTwoFactorTurnedOff(db: Db, person: { id: string; email: string }, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    await endTrustedDevices(tx, person.id)
    await recordAudit(tx, audit, { action: 'two_factor_disabled', target: { id: person.id, email: person.email } })
  })
}
