import { randomBytes, randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionCookieName, signedSessionValue } from '../auth/better-auth-formats'
import { createGuards } from '../auth/guards'
import { createSessionReader } from '../auth/session-reader'
import { newCertificateId, recipientName } from '../certificates/certificate'
import { prepareSql } from '../db/client'
import { certificate, moduleProgress, session, user } from '../db/schema'
import { AppError } from '../errors'
import { createHarness, type Harness } from '../test/harness'
import { learnerGone, pgliteToggleSql, postgresToggleSql, type ToggledRow } from './progress-sql'
import { toggleInSession } from './progress-toggle-in-session'

// Every rule the progress path keeps twice, once in TypeScript and once in SQL, run both ways on the
// same cases: a change to one side fails here until the other follows
// (docs/decisions/0078-progress-service-entry-points-and-parity-tests.md). Both databases run every
// version, so the file passes on PGlite and on PostgreSQL alike.

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const HOUR_MS = 60 * 60 * 1000

/** A session row as Better Auth makes one, and the cookie that carries it. */
async function sessionOf(userId: string, expiresAt = new Date(Date.now() + HOUR_MS * 24 * 6)) {
  const token = randomBytes(24).toString('base64url')
  await h.db.insert(session).values({ id: randomUUID(), token, userId, expiresAt, createdAt: new Date(), updatedAt: new Date() })
  return { token, cookie: `${sessionCookieName(h.env.secureCookies)}=${signedSessionValue(token, h.authSecret)}` }
}

describe('who has a live session, and who must replace a temporary password first', () => {
  // TypeScript: the session reader's lookup (auth/session-lookup.ts) behind requireUser (auth/guards.ts).
  // SQL: toggle_module_progress_in_session (drizzle/0010_progress_toggle_in_session.sql), which PUT /api/progress/:module sends on PostgreSQL.
  type Outcome = 'no session' | 'password change first' | 'through'

  const cases: Array<{ name: string; expected: Outcome; make: () => Promise<{ token: string; cookie: string }> }> = [
    { name: 'a learner', expected: 'through', make: async () => sessionOf((await h.createUser()).id) },
    { name: 'an admin', expected: 'through', make: async () => sessionOf((await h.createUser({ role: 'admin' })).id) },
    // requireUser lets an admin without a second factor through: only the admin routes hold them.
    { name: 'an admin without two-factor sign-in', expected: 'through', make: async () => sessionOf((await h.createUser({ role: 'admin', hasTwoFactor: false })).id) },
    { name: 'a learner with a temporary password', expected: 'password change first', make: async () => sessionOf((await h.createUser({ isTemporary: true })).id) },
    { name: 'an admin with a temporary password', expected: 'password change first', make: async () => sessionOf((await h.createUser({ role: 'admin', isTemporary: true })).id) },
    { name: 'an expired session', expected: 'no session', make: async () => sessionOf((await h.createUser()).id, new Date(Date.now() - 1000)) },
    {
      name: 'a disabled account',
      expected: 'no session',
      make: async () => {
        const learner = await h.createUser()
        const made = await sessionOf(learner.id)
        await h.db.update(user).set({ banned: true }).where(eq(user.id, learner.id))
        return made
      },
    },
    {
      name: 'a session signed out (its row deleted)',
      expected: 'no session',
      make: async () => {
        const made = await sessionOf((await h.createUser()).id)
        await h.db.delete(session).where(eq(session.token, made.token))
        return made
      },
    },
  ]

  it.each(cases)('$name: the guard and the one-statement toggle agree', async ({ make, expected }) => {
    const { token, cookie } = await make()
    const guards = createGuards(createSessionReader(h.db, h.authSecret, h.env.secureCookies))
    const app = new Hono()
      .get('/', guards.requireUser, (c) => c.json({ code: 'THROUGH' }))
      .onError((error, c) => c.json({ code: error instanceof AppError ? error.code : 'CRASHED' }, 500))
    const { code } = (await (await app.request('/', { headers: { cookie } })).json()) as { code: string }
    const inTypeScript: Outcome = code === 'UNAUTHORIZED' ? 'no session' : code === 'PASSWORD_CHANGE_REQUIRED' ? 'password change first' : 'through'

    const moduleId = h.courseStore.current().learnerCatalog.modules[0]!.id
    const row = await toggleInSession(h.db, token, moduleId, true)
    const inSql: Outcome = !row ? 'no session' : row.progress === null ? 'password change first' : 'through'
    expect({ inTypeScript, inSql }).toEqual({ inTypeScript: expected, inSql: expected })
    if (row) {
      // Nothing written for a learner the guard refuses; the module for one it lets through.
      const written = await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, row.id))
      expect(written.map((progress) => progress.moduleId)).toEqual(expected === 'through' ? [moduleId] : [])
    }
  })
})

describe('the name a certificate is issued under', () => {
  // TypeScript: recipientName (certificates/certificate.ts), for the publish and PGlite's toggle.
  // SQL: certificate_recipient_name (drizzle/0010_progress_toggle_in_session.sql), for PostgreSQL's toggle in the session check.
  const EMAIL = 'named@example.com'
  /** Every character JavaScript's trim() takes off the ends, found by asking it. */
  const trimmed = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter(
    (char) => !/[\uD800-\uDFFF]/.test(char) && char !== '\0' && char.trim() === '',
  )
  // Characters that look blank but trim() keeps: neither side may take them off.
  const kept = ['\u180E', '\u200B', '\u2060', '\u00AD']
  const names = [
    'Ada Broker',
    '',
    ...trimmed.flatMap((char) => [`${char}Ada Broker${char}`, `${char}${char}`, `Ada${char}Broker`]),
    ...kept.flatMap((char) => [`${char}Ada${char}`, char]),
  ]

  it(`agrees on ${names.length} names, every character trim() takes off (${trimmed.length}) and some it keeps`, async () => {
    expect(trimmed.length).toBeGreaterThan(20)
    const result = (await h.db.execute(sql`
      select certificate_recipient_name(given.name, ${EMAIL}) as issued
      from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as given(name, position)
      order by given.position`)) as unknown as { rows: Array<{ issued: string }> }
    const inSql = result.rows.map((row) => row.issued)
    const inTypeScript = names.map((name) => recipientName({ id: 'x', email: EMAIL, name }))
    expect(inSql).toEqual(inTypeScript)
    // And the rule itself, so both cannot drift together unnoticed.
    expect(inTypeScript.slice(0, 2)).toEqual(['Ada Broker', EMAIL])
  })
})

describe('the completion toggle', () => {
  // pgliteToggleSql (progress-sql.ts) and toggle_module_progress (drizzle/0009_progress_toggle.sql), each on a learner
  // of its own with the same progress, step by step.
  const statements = () => ({
    plain: { complete: prepareSql(h.db, 'parity_plain_complete', pgliteToggleSql(true)), uncomplete: prepareSql(h.db, 'parity_plain_uncomplete', pgliteToggleSql(false)) },
    fn: prepareSql(h.db, 'parity_function_toggle', postgresToggleSql),
  })
  let prepared: ReturnType<typeof statements>

  /** What a learner can observe after a toggle: its answer, their count and activity, their certificate. */
  async function toggle(way: 'plain' | 'fn', learner: { id: string; email: string; name: string }, moduleId: string, isCompleted: boolean, now: Date) {
    prepared ??= statements()
    const statement = way === 'fn' ? prepared.fn : isCompleted ? prepared.plain.complete : prepared.plain.uncomplete
    let rows: ToggledRow[]
    try {
      const params = { userId: learner.id, moduleId, isCompleted, now, certificateId: newCertificateId(), recipientName: recipientName(learner) }
      rows = ((await statement.execute(params)) as { rows: ToggledRow[] }).rows
    } catch (error) {
      if (learnerGone(error)) return 'learner gone'
      throw error
    }
    if (rows.length === 0 && way === 'plain') return 'learner gone'
    const [counted] = await h.db.select({ count: user.completedModules, activity: user.lastActivityAt }).from(user).where(eq(user.id, learner.id))
    const [issued] = await h.db
      .select({ name: certificate.recipientName, completedAt: certificate.completedAt, issuedAt: certificate.issuedAt, moduleCount: certificate.moduleCount })
      .from(certificate)
      .where(eq(certificate.userId, learner.id))
    const answer = rows
      .filter((row) => row.module_id !== null)
      .map((row) => [row.module_id, row.completed_ms])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    return { answer, count: counted!.count, activity: counted!.activity, certificate: issued ?? null }
  }

  it('gives the same answer and leaves the same rows at every step, to the certificate and past it', async () => {
    const ids = h.courseStore.current().learnerCatalog.modules.map((module) => module.id)
    const name = '\u00A0 Ada Broker\t'
    const plain = await h.createUser({ fullName: name })
    const fn = await h.createUser({ fullName: name })
    const learners = { plain: { ...plain, name }, fn: { ...fn, name } }
    // A module a publish took out still has its row: it is in the answer but not in the count.
    for (const learner of [plain, fn]) await h.db.insert(moduleProgress).values({ userId: learner.id, moduleId: 'module-taken-out', completedAt: new Date(0) })

    const steps: Array<[string, boolean]> = [
      [ids[0]!, true],
      [ids[0]!, true], // again: the first completion time stays
      [ids[1]!, false], // not completed: nothing to take back
      [ids[1]!, true],
      [ids[0]!, false],
      ...ids.map((id): [string, boolean] => [id, true]), // the last of these issues the certificate
      [ids[2]!, false],
      [ids[2]!, true], // complete again: the same certificate, not a second
    ]
    let now = Date.parse('2026-11-01T09:00:00Z')
    for (const [moduleId, isCompleted] of steps) {
      now += HOUR_MS
      const [byPlain, byFunction] = [
        await toggle('plain', learners.plain, moduleId, isCompleted, new Date(now)),
        await toggle('fn', learners.fn, moduleId, isCompleted, new Date(now)),
      ]
      expect(byPlain, `${isCompleted ? 'completing' : 'uncompleting'} ${moduleId}`).toEqual(byFunction)
    }
    const last = await toggle('plain', learners.plain, ids[3]!, true, new Date(now))
    expect(last).toMatchObject({ count: ids.length, certificate: { name: 'Ada Broker', moduleCount: ids.length } })
  })

  for (const isCompleted of [true, false]) {
    it(`both refuse a learner deleted since the session check (${isCompleted ? 'complete' : 'uncomplete'})`, async () => {
      const gone = await h.createUser()
      await h.db.delete(user).where(eq(user.id, gone.id))
      const moduleId = h.courseStore.current().learnerCatalog.modules[0]!.id
      const learner = { id: gone.id, email: gone.email, name: 'Gone' }
      expect(await toggle('plain', learner, moduleId, isCompleted, new Date())).toBe('learner gone')
      expect(await toggle('fn', learner, moduleId, isCompleted, new Date())).toBe('learner gone')
    })
  }
})
