import { createHmac, timingSafeEqual } from 'node:crypto'
import { symmetricDecrypt } from 'better-auth/crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { WRONG_CODE_MESSAGE } from '../auth/better-auth-bridge'
import type { Db } from '../db/client'
import { twoFactor } from '../db/schema'
import { AppError } from '../errors'

// Each authenticator code is accepted once (OWASP ASVS: a time-based one-time password is used
// once within its validity period). Better Auth checks a code against the steps around now and
// keeps no record of what it accepted, so the portal claims the code's time step before Better
// Auth sees the code: a step at or before the last one accepted is refused, with the same words
// as a wrong code (docs/decisions/0084-watch-length-and-one-time-codes.md).

/** As Better Auth's twoFactor plugin checks codes (its defaults, which auth.ts keeps). */
const PERIOD_SECONDS = 30
const DIGITS = 6
const WINDOW_STEPS = 1

/** RFC 4226's code for `counter`, with HMAC-SHA1, as authenticator apps make it. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = createHmac('sha1', key).update(message).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  const value = digest.readUInt32BE(offset) & 0x7fffffff
  return String(value % 10 ** DIGITS).padStart(DIGITS, '0')
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** Better Auth keeps an imported key as `base32:<key>`; the keys it makes are their own bytes. */
function keyBytes(secret: string): Buffer {
  if (!secret.startsWith('base32:')) return Buffer.from(secret, 'utf8')
  let bits = ''
  for (const char of secret.slice(7).toUpperCase().replace(/=+$/, '')) bits += BASE32.indexOf(char).toString(2).padStart(5, '0')
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)))
}

/** The time step within Better Auth's window whose code `code` is; undefined for a wrong code. */
function stepOf(key: Buffer, code: string, now: number): number | undefined {
  const current = Math.floor(now / 1000 / PERIOD_SECONDS)
  let matched: number | undefined
  for (let step = current - WINDOW_STEPS; step <= current + WINDOW_STEPS; step++) {
    const expected = Buffer.from(hotp(key, step))
    const given = Buffer.from(code)
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step
  }
  return matched
}

/** A claimed code's step: given back when the code step it was for failed for another reason. */
type AuthenticatorCodeClaim = { release: () => Promise<void> }

/**
 * Claims the time step of `code`, an authenticator code `userId` is about to use, before Better
 * Auth checks it: refused with the wrong code's answer when that step, or a later one, was
 * accepted before. A wrong code, or no user or key, claims nothing: Better Auth refuses it, and
 * counts it against the account's code step. Of concurrent uses of one code, one claims it. When
 * Better Auth then refuses the step for a reason of its own (the sign-in expired, too many wrong
 * codes), `release` gives the step back: the code was not used.
 */
export async function claimAuthenticatorCode(
  db: Db,
  authSecret: string,
  userId: string | undefined,
  code: string,
  now = Date.now(),
): Promise<AuthenticatorCodeClaim> {
  const nothing = { release: async () => {} }
  if (!userId) return nothing
  const [row] = await db
    .select({ secret: twoFactor.secret, lastAcceptedStep: twoFactor.lastAcceptedStep })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1)
  if (!row) return nothing
  const step = stepOf(keyBytes(await symmetricDecrypt({ key: authSecret, data: row.secret })), code, now)
  if (step === undefined) return nothing
  const claimed = await db
    .update(twoFactor)
    .set({ lastAcceptedStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastAcceptedStep), lt(twoFactor.lastAcceptedStep, step))))
    .returning({ id: twoFactor.id })
  if (claimed.length === 0) throw new AppError('INVALID_CODE', WRONG_CODE_MESSAGE, [{ path: 'code', message: WRONG_CODE_MESSAGE }])
  return {
    release: async () => {
      await db
        .update(twoFactor)
        .set({ lastAcceptedStep: row.lastAcceptedStep })
        .where(and(eq(twoFactor.userId, userId), eq(twoFactor.lastAcceptedStep, step)))
    },
  }
}
