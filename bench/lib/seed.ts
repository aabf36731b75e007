// Learners written straight into the database with set-based SQL (generate_series): one statement
// per table rather than 10,000 sign-ups through the API.
import { sql } from 'drizzle-orm'
import { sessionCookieName, signedSessionValue } from '../../src/server/auth/better-auth-formats'
import type { Database } from '../../src/server/db/client'
import { hashPassword } from '../../src/server/services/passwords'

export const LEARNER_PASSWORD = 'bench learner passphrase'
/** The admin shares the learners' password (and hash). */
export const ADMIN = { email: 'bench-admin@bench.example', password: LEARNER_PASSWORD }

export const learnerEmail = (n: number) => `learner${n}@bench.example`
const sessionToken = (n: number) => `bench-session-token-${n}`

let passwordHash: Promise<string> | undefined
/** One scrypt hash shared by every seeded account (hashing is slow by design). */
const sharedHash = () => (passwordHash ??= hashPassword(LEARNER_PASSWORD))

/**
 * Learners `from`..`to` (numbered, 1-based): each has a password account, one live session,
 * `n % 8` modules complete (none to seven: the eighth would need a certificate too) and a sign-in
 * within the last day. Learners in the middle of a course: none is due a "we miss you" e-mail,
 * which on a real server go out a few at a time as learners stall, not all at the first scan.
 */
export async function seedLearners(database: Database, from: number, to: number): Promise<void> {
  if (to < from) return
  const hash = await sharedHash()
  const range = sql`generate_series(${from}::int, ${to}::int) as n`
  await database.db.execute(sql`
    insert into "user" (id, name, email, role, completed_modules, created_at, updated_at, last_activity_at)
    select 'learner-' || n, 'Learner ' || n, 'learner' || n || '@bench.example', 'user', n % 8,
           now() - make_interval(mins => n), now(), now() - make_interval(mins => n % 1440)
    from ${range}`)
  await database.db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select 'account-' || n, 'learner-' || n, 'credential', 'learner-' || n, ${hash}, now(), now()
    from ${range}`)
  await database.db.execute(sql`
    insert into session (id, token, user_id, expires_at, created_at, updated_at)
    select 'session-' || n, 'bench-session-token-' || n, 'learner-' || n, now() + interval '7 days', now(), now()
    from ${range}`)
  await database.db.execute(sql`
    insert into module_progress (user_id, module_id, completed_at)
    select 'learner-' || n, 'm' || m, now() from ${range}, generate_series(1, 8) as m where m <= n % 8`)
  await database.db.execute(sql`analyze`)
}

/** The bench admin (for the admin list), with a password account like any other. */
export async function seedAdmin(database: Database): Promise<void> {
  const hash = await sharedHash()
  await database.db.execute(sql`
    insert into "user" (id, name, email, role) values ('bench-admin', 'Bench Admin', ${ADMIN.email}, 'admin')`)
  await database.db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password)
    values ('account-bench-admin', 'bench-admin', 'credential', 'bench-admin', ${hash})`)
}

/**
 * After a bulk insert, the maintenance PostgreSQL's autovacuum would otherwise start on its own
 * during the next measurement: the tables' statistics and visibility map brought up to date
 * (figure 7's databases, and the main PostgreSQL database each time it grows).
 */
export async function settle(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum analyze`)
}

/** The Cookie header of seeded learner `n`'s session, signed as Better Auth signs it, for a production server. */
export function learnerCookie(n: number, secret: string): string {
  return `${sessionCookieName(true)}=${signedSessionValue(sessionToken(n), secret)}`
}

/** Signs in through the API and returns the Cookie header to send afterwards. */
export async function signIn(url: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(credentials),
  })
  if (!response.ok) throw new Error(`Sign-in of ${credentials.email} failed: ${response.status} ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}
