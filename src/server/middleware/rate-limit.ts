import { createHash } from 'node:crypto'
import { isIPv6 } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import type { BlankEnv } from 'hono/types'
import type { Db } from '../db/client'
import { rateLimit } from '../db/schema'
import type { Env } from '../env'
import { AppError } from '../errors'

/**
 * What is limited. Each action has a counter per client address and one per account: the e-mail
 * for sign-in and reset, the user behind the sign-in for its second step (a code).
 */
export type LimitedAction = 'sign-in' | 'password-reset' | 'two-factor'

type Bucket = { key: string; limit: number }
// resetAt as the database's text: a Date would lose its microseconds and match nothing.
type Counted = { key: string; count: number; retryAfterSeconds: number; resetAt: string }

/** Expired counters are deleted now and then, by whichever request comes along. */
const CLEANUP_EVERY_MS = 60_000

export const tooManyAttemptsMessage = (retryAfterSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`
}

/**
 * What one client is, for counting: an IPv4 address, or an IPv6 /64, since one subscriber is
 * usually given a whole /64 and could otherwise take a fresh address for every attempt.
 */
export function addressBucket(address: string): string {
  const plain = address.replace(/%.*$/, '')
  if (!isIPv6(plain)) return plain
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)
  if (mapped) return mapped[1]!
  const [head = '', tail] = plain.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0')
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4)
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`
}

/**
 * The client's address as it is (the audit log keeps it). Behind a trusted reverse proxy it is
 * the last X-Forwarded-For entry (the one the proxy appended; anything before it the client could
 * have written). Otherwise it is the socket's, and the header is ignored. In-process requests
 * (tests' `app.request`) have no socket: they share one address.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  const bindings = c.env as { incoming?: unknown; server?: unknown } | undefined
  if (!bindings?.incoming && !bindings?.server) return 'in-process'
  return getConnInfo(c).remote.address ?? 'unknown'
}

/** The client's address for counting (`addressBucket`), so a spoofed header cannot reset a count. */
export const clientAddress = (c: Context, trustProxy: boolean): string => {
  const address = clientIp(c, trustProxy)
  return address === 'in-process' || address === 'unknown' ? address : addressBucket(address)
}

// The account part of a key is hashed: the table holds no e-mail addresses, known or not.
const accountKey = (account: string) => createHash('sha256').update(account).digest('base64url')

/** Whose account a limited request is about; undefined: none can be told, only the address counts. */
type AccountOf = (c: Context) => string | undefined | Promise<string | undefined>

type EmailLimited = MiddlewareHandler<BlankEnv, string, { out: { json: { email: string } } }>

/** The e-mail of a body the route's validator has checked (sign-in, reset). */
const emailOf: AccountOf = (c) => (c.req as unknown as { valid: (target: 'json') => { email: string } }).valid('json').email

/**
 * Fixed-window counters in the `rate_limit` table, so every process behind one database counts
 * together. One statement counts an attempt under all its keys and answers the new counts (an
 * upsert: concurrent attempts cannot both see the last free slot).
 */
export function createRateLimiter(db: Db, env: Pick<Env, 'rateLimits' | 'trustProxy'>) {
  const { windowSeconds } = env.rateLimits
  let lastCleanup = 0

  async function count(buckets: Bucket[]): Promise<Counted[]> {
    // A fixed order of keys: two statements never wait on each other's rows crosswise.
    const keys = buckets.map((bucket) => bucket.key).sort()
    return db
      .insert(rateLimit)
      .values(keys.map((key) => ({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })))
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: {
          count: sql`case when ${rateLimit.resetAt} <= now() then 1 else ${rateLimit.count} + 1 end`,
          resetAt: sql`case when ${rateLimit.resetAt} <= now() then excluded.reset_at else ${rateLimit.resetAt} end`,
        },
      })
      .returning({
        key: rateLimit.key,
        count: rateLimit.count,
        resetAt: sql<string>`${rateLimit.resetAt}::text`,
        retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimit.resetAt} - now())))::int`,
      })
  }

  /**
   * Gives the slots back: only the window they were taken in, never below zero. One statement per
   * key, each its own transaction, sent together: a sign-in's answer waits for one round trip, and
   * no statement holds one key's row while it waits for another's.
   */
  async function refund(counted: Counted[]): Promise<void> {
    await Promise.all(
      counted.map(({ key, resetAt }) =>
        db
          .update(rateLimit)
          .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
          .where(and(eq(rateLimit.key, key), sql`${rateLimit.resetAt} = ${resetAt}::timestamptz`)),
      ),
    )
  }

  async function cleanUp(): Promise<void> {
    if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return
    lastCleanup = Date.now()
    await db.delete(rateLimit).where(lt(rateLimit.resetAt, sql`now()`))
  }

  const bucketsFor = async (c: Context, action: LimitedAction, accountOf: AccountOf): Promise<Bucket[]> => {
    const limits = env.rateLimits
    // A code is a sign-in's second step: it is limited like a sign-in, in counters of its own.
    const [perIp, perAccount] =
      action === 'password-reset' ? [limits.resetPerIp, limits.resetPerAccount] : [limits.signInPerIp, limits.signInPerAccount]
    const buckets: Bucket[] = []
    if (perIp > 0) buckets.push({ key: `${action}:ip:${clientAddress(c, env.trustProxy)}`, limit: perIp })
    const account = perAccount > 0 ? await accountOf(c) : undefined
    if (account !== undefined) buckets.push({ key: `${action}:account:${accountKey(account)}`, limit: perAccount })
    return buckets
  }

  /**
   * Counts the request before it runs; over a limit it is answered 429 with Retry-After and never
   * reaches Better Auth. `refundOnSuccess`: a request that succeeds gives its slots back, so only
   * failures add up (sign-in), while a burst still cannot run past the limit in parallel.
   */
  function limit(action: LimitedAction, { refundOnSuccess }: { refundOnSuccess: boolean }, accountOf: AccountOf): MiddlewareHandler {
    return async (c, next) => {
      const buckets = await bucketsFor(c, action, accountOf)
      if (buckets.length === 0) return next()
      const counted = await count(buckets)
      await cleanUp()
      const over = counted.filter(({ key, count }) => count > buckets.find((bucket) => bucket.key === key)!.limit)
      if (over.length > 0) {
        const retryAfterSeconds = Math.max(...over.map((row) => row.retryAfterSeconds))
        c.header('Retry-After', String(retryAfterSeconds))
        throw new AppError('RATE_LIMITED', tooManyAttemptsMessage(retryAfterSeconds))
      }
      await next()
      if (refundOnSuccess && c.res.ok) await refund(counted)
    }
  }

  return {
    signIn: limit('sign-in', { refundOnSuccess: true }, emailOf) as EmailLimited,
    passwordReset: limit('password-reset', { refundOnSuccess: false }, emailOf) as EmailLimited,
    /** A sign-in's code step, counted per address and per account (the user `accountOf` finds behind it). */
    twoFactor: (accountOf: AccountOf) => limit('two-factor', { refundOnSuccess: true }, accountOf),
  }
}
