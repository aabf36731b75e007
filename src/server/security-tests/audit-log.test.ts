// The audit log (docs/decisions/0048-audit-log.md): each security-relevant action writes exactly
// one entry, with the right actor and target; an action that fails writes none; entries outlive
// the accounts they name; the table refuses updates and deletes except the retention prune.
import { desc, eq, gt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction } from '../../shared/audit'
import { auditLog } from '../db/schema'
import { pruneAuditLog } from '../services/audit-retention'
import { createUser } from '../services/users'
import { deliverPurchase } from '../test/purchase-delivery'
import { COURSE, editModule, publish } from '../test/course-studio'
import { AS_CLI, authenticatorFromUri, createHarness, PUBLIC_URL, type Harness, type TestClient } from '../test/harness'
import { linkIn } from '../test/smtp-capture'

const WEBHOOK_SECRET = 'whsec-audit-0123456789abcdef0123456789abcdef'
const NEW_PASSWORD = 'a fresh passphrase 42'

let h: Harness
let admin: TestClient
let adminUser: Awaited<ReturnType<Harness['createUser']>>

beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET })
  adminUser = await h.createUser({ role: 'admin' })
  admin = await h.sessionFor(adminUser.id)
})
afterAll(() => h.close())

const lastId = async () => (await h.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0

/** Runs `act` and answers the audit entries it wrote. */
async function entriesOf(act: () => Promise<unknown>) {
  const since = await lastId()
  await act()
  return h.db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(auditLog.id)
}

/** Exactly one entry, of this action, by this actor, about this target. */
async function expectOneEntry(
  act: () => Promise<unknown>,
  action: AuditAction,
  actor: { id: string; email: string } | 'cli' | 'webhook' | 'anonymous',
  target: { id: string | null; email: string | null } | null,
) {
  const entries = await entriesOf(act)
  expect(entries.map((entry) => entry.action)).toEqual([action])
  const [entry] = entries
  if (typeof actor === 'string') expect(entry).toMatchObject({ actorKind: actor, actorId: null, actorEmail: null })
  else expect(entry).toMatchObject({ actorKind: 'user', actorId: actor.id, actorEmail: actor.email })
  expect({ id: entry!.targetId, email: entry!.targetEmail }).toEqual(target ?? { id: null, email: null })
  return entry!
}

async function expectNoEntry(act: () => Promise<unknown>) {
  expect(await entriesOf(act)).toEqual([])
}

const expectStatus = async <T extends { status: number; text: string }>(pending: Promise<T>, status: number) => {
  const answer = await pending
  expect(answer.status, answer.text).toBe(status)
  return answer
}

const person = (p: { id: string; email: string }) => ({ id: p.id, email: p.email })

describe('sign-in and sign-out', () => {
  it('records a sign-in with the request’s address, user agent and request id, and never the password', async () => {
    const learner = await h.createUser()
    const entry = await expectOneEntry(
      () =>
        expectStatus(
          h.client().request('POST', '/api/auth/sign-in/email', {
            body: { email: learner.email, password: learner.password },
            headers: { 'user-agent': 'AuditTest/1.0', 'x-request-id': 'req-audit-1' },
          }),
          200,
        ),
      'sign_in',
      learner,
      person(learner),
    )
    expect(entry).toMatchObject({ ip: 'in-process', userAgent: 'AuditTest/1.0', requestId: 'req-audit-1', detail: { method: 'password' } })
  })

  it('records a two-step sign-in once, at the code step', async () => {
    const withCode = await h.createUser({ hasTwoFactor: true })
    const entry = await expectOneEntry(() => h.signIn(withCode.email, withCode.password), 'sign_in', withCode, person(withCode))
    expect(entry.detail).toEqual({ method: 'authenticator app' })
  })

  it('records each failed attempt: about the account for a known e-mail, about the typed address otherwise', async () => {
    const learner = await h.createUser()
    const wrong = 'Not-the-password-1'
    const known = await expectOneEntry(
      () => expectStatus(h.client().post('/api/auth/sign-in/email', { email: learner.email, password: wrong }), 401),
      'sign_in_failed',
      'anonymous',
      person(learner),
    )
    expect(known.detail).toEqual({ step: 'password', reason: 'INVALID_CREDENTIALS' })
    expect(JSON.stringify(known)).not.toContain(wrong)
    const typed = 'Nobody.Here@Example.com'
    await expectOneEntry(
      () => expectStatus(h.client().post('/api/auth/sign-in/email', { email: typed, password: wrong }), 401),
      'sign_in_failed',
      'anonymous',
      { id: null, email: 'nobody.here@example.com' },
    )
    const twice = await entriesOf(async () => {
      await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: wrong })
      await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: wrong })
    })
    expect(twice.map((entry) => entry.action)).toEqual(['sign_in_failed', 'sign_in_failed'])
  })

  it('records a wrong code as a failed sign-in of the account waiting for it; bad input is no attempt', async () => {
    const withCode = await h.createUser({ hasTwoFactor: true })
    const client = h.client()
    await expectNoEntry(() => expectStatus(client.post('/api/auth/sign-in/email', { email: withCode.email, password: withCode.password }), 200))
    const code = withCode.twoFactor!.authenticator.generate()
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const entry = await expectOneEntry(
      () => expectStatus(client.post('/api/auth/two-factor/verify-totp', { code: wrongCode }), 401),
      'sign_in_failed',
      'anonymous',
      person(withCode),
    )
    expect(entry.detail).toEqual({ step: 'code', reason: 'INVALID_CODE' })
    await expectNoEntry(() => expectStatus(h.client().post('/api/auth/sign-in/email', { email: 'not an e-mail', password: 'x' }), 400))
  })

  it('records a sign-out of a signed-in user, and none without a session', async () => {
    const { user: learner, client } = await h.signedIn()
    await expectOneEntry(() => expectStatus(client.post('/api/auth/sign-out', {}), 200), 'sign_out', learner, person(learner))
    await expectNoEntry(() => expectStatus(h.client().post('/api/auth/sign-out', {}), 200))
  })
})

describe('passwords', () => {
  it('records a password change; a wrong current password changes nothing and records nothing', async () => {
    const { user: learner, client } = await h.signedIn()
    await expectNoEntry(() =>
      expectStatus(client.put('/api/profile/password', { currentPassword: 'Wrong-password-1', newPassword: NEW_PASSWORD }), 400),
    )
    await expectOneEntry(
      () => expectStatus(client.put('/api/profile/password', { currentPassword: learner.password, newPassword: NEW_PASSWORD }), 200),
      'password_changed',
      learner,
      person(learner),
    )
  })

  it('records a reset by e-mail link, as the account’s own act; a bad link records nothing', async () => {
    const learner = await h.createUser()
    await expectNoEntry(() => expectStatus(h.client().post('/api/auth/request-password-reset', { email: learner.email }), 200))
    const token = new URL(linkIn(await h.smtp.waitFor(learner.email), PUBLIC_URL)).searchParams.get('token')!
    await expectNoEntry(() => expectStatus(h.client().post('/api/auth/reset-password', { token: 'not-a-token', newPassword: NEW_PASSWORD }), 400))
    await expectOneEntry(
      () => expectStatus(h.client().post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD }), 200),
      'password_reset',
      learner,
      person(learner),
    )
  })
})

describe('two-factor sign-in', () => {
  it('records turning it on (at the confirming code) and off; a wrong code or password records nothing', async () => {
    const { user: learner, client } = await h.signedIn()
    const setup = await expectStatus(client.post('/api/auth/two-factor/enable', { password: learner.password }), 200)
    const app = authenticatorFromUri(setup.json.totpUri)
    const code = app.generate()
    await expectNoEntry(() =>
      expectStatus(client.post('/api/auth/two-factor/confirm', { code: String((Number(code) + 1) % 1_000_000).padStart(6, '0') }), 401),
    )
    await expectOneEntry(
      () => expectStatus(client.post('/api/auth/two-factor/confirm', { code }), 200),
      'two_factor_enabled',
      learner,
      person(learner),
    )
    await expectNoEntry(() => expectStatus(client.post('/api/auth/two-factor/disable', { password: 'Wrong-password-1' }), 400))
    await expectOneEntry(
      () => expectStatus(client.post('/api/auth/two-factor/disable', { password: learner.password }), 200),
      'two_factor_disabled',
      learner,
      person(learner),
    )
  })

  it('records new recovery codes once, as the user’s own act; a wrong password records nothing', async () => {
    const learner = await h.createUser({ hasTwoFactor: true })
    const client = await h.sessionFor(learner.id)
    await expectNoEntry(() => expectStatus(client.post('/api/auth/two-factor/recovery-codes', { password: 'Wrong-password-1' }), 400))
    const entry = await expectOneEntry(
      async () => {
        const answer = await expectStatus(client.post('/api/auth/two-factor/recovery-codes', { password: learner.password }), 200)
        expect(answer.json.recoveryCodes).toHaveLength(10)
      },
      'recovery_codes_regenerated',
      learner,
      person(learner),
    )
    expect(entry.detail).toEqual({})
  })

  it('records an admin’s reset of someone else’s; one’s own is refused and recorded nowhere', async () => {
    const target = await h.createUser({ hasTwoFactor: true })
    await expectNoEntry(() => expectStatus(admin.delete(`/api/admin/users/${adminUser.id}/two-factor`), 403))
    await expectOneEntry(
      () => expectStatus(admin.delete(`/api/admin/users/${target.id}/two-factor`), 200),
      'two_factor_reset',
      adminUser,
      person(target),
    )
    await expectNoEntry(() => expectStatus(admin.delete(`/api/admin/users/${target.id}/two-factor`), 409))
  })
})

describe('sessions', () => {
  const sessionIdOf = async (client: TestClient) =>
    (await client.get('/api/profile/sessions')).json.sessions.find((s: { isCurrent: boolean }) => s.isCurrent).id as string

  it('records ending another of one’s sessions; a refused one records nothing', async () => {
    const learner = await h.createUser()
    const [current, other] = await Promise.all([1, 2].map(() => h.sessionFor(learner.id)))
    const otherId = await sessionIdOf(other!)
    const currentId = await sessionIdOf(current!)
    await expectNoEntry(() => expectStatus(current!.delete(`/api/profile/sessions/${currentId}`), 409))
    const stranger = await h.signedIn()
    await expectNoEntry(() => expectStatus(stranger.client.delete(`/api/profile/sessions/${otherId}`), 404))
    const entry = await expectOneEntry(
      () => expectStatus(current!.delete(`/api/profile/sessions/${otherId}`), 204),
      'session_ended',
      learner,
      person(learner),
    )
    expect(entry.detail).toEqual({})
  })

  it('records signing out everywhere else with the count, and nothing when there was nothing to end', async () => {
    const learner = await h.createUser()
    const [current] = await Promise.all([1, 2, 3].map(() => h.sessionFor(learner.id)))
    const entry = await expectOneEntry(
      () => expectStatus(current!.delete('/api/profile/sessions'), 200),
      'other_sessions_ended',
      learner,
      person(learner),
    )
    expect(entry.detail).toEqual({ sessionCount: 2 })
    await expectNoEntry(() => expectStatus(current!.delete('/api/profile/sessions'), 200))
  })

  it('records an admin ending a user’s sessions; their own and an unknown user are refused and recorded nowhere', async () => {
    const learner = await h.createUser()
    await h.sessionFor(learner.id)
    await expectNoEntry(() => expectStatus(admin.delete(`/api/admin/users/${adminUser.id}/sessions`), 403))
    await expectNoEntry(() => expectStatus(admin.delete('/api/admin/users/nobody-at-all/sessions'), 404))
    const entry = await expectOneEntry(
      () => expectStatus(admin.delete(`/api/admin/users/${learner.id}/sessions`), 200),
      'user_sessions_ended',
      adminUser,
      person(learner),
    )
    expect(entry.detail).toEqual({ sessionCount: 1 })
  })
})

describe('accounts', () => {
  it('records a user created by an admin; a taken e-mail creates and records nothing', async () => {
    const email = 'created.by.admin@example.com'
    const body = { email, role: 'user', temporaryPassword: 'Temp-pass-2024!', sendLoginDetails: false }
    const entry = await expectOneEntry(
      () => expectStatus(admin.post('/api/admin/users', body), 201),
      'user_created',
      adminUser,
      { id: expect.any(String) as unknown as string, email },
    )
    expect(entry.detail).toEqual({ via: 'admin', role: 'user' })
    await expectNoEntry(() => expectStatus(admin.post('/api/admin/users', body), 409))
  })

  it('records a user created from the command line', async () => {
    const entry = await expectOneEntry(
      () => createUser(h.db, { email: 'from.cli@example.com', role: 'user', password: 'Cli-pass-2024!', isTemporary: true }, AS_CLI),
      'user_created',
      'cli',
      { id: expect.any(String) as unknown as string, email: 'from.cli@example.com' },
    )
    expect(entry.detail).toEqual({ via: 'cli', role: 'user' })
  })

  it('records each account of an import, by the admin who imported it; a dry run records nothing', async () => {
    const file = ['email,full_name,role', 'imp.one@example.com,One,user', 'imp.two@example.com,Two,user'].join('\r\n')
    const upload = (mode: string) =>
      admin.request('POST', `/api/admin/imports?mode=${mode}&sendLoginDetails=false`, { rawBody: file, headers: { 'content-type': 'text/csv' } })
    await expectNoEntry(() => expectStatus(upload('dry-run'), 200))
    const entries = await entriesOf(() => expectStatus(upload('commit'), 200))
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.targetEmail, entry.detail])).toEqual([
      ['user_created', adminUser.id, 'imp.one@example.com', { via: 'import', role: 'user' }],
      ['user_created', adminUser.id, 'imp.two@example.com', { via: 'import', role: 'user' }],
    ])
  })

  it('records a purchase’s new learner and a refund’s disabled account as the webhook’s acts; a replay records nothing', async () => {
    const deliver = (event: string, orderId: string, email: string) =>
      deliverPurchase(h.app, WEBHOOK_SECRET, { event, orderId, email, fullName: 'Bea Buyer' })
    const email = 'bea.buyer@example.com'
    const created = await expectOneEntry(() => deliver('purchase.completed', 'ORD-A1', email), 'user_created', 'webhook', {
      id: expect.any(String) as unknown as string,
      email,
    })
    expect(created.detail).toEqual({ via: 'webhook', role: 'user' })
    await expectNoEntry(() => deliver('purchase.completed', 'ORD-A1', email))
    const disabled = await expectOneEntry(() => deliver('purchase.refunded', 'ORD-A1', email), 'user_disabled', 'webhook', {
      id: created.targetId,
      email,
    })
    expect(disabled.detail).toEqual({ orderId: 'ORD-A1' })
    await expectOneEntry(() => deliver('purchase.completed', 'ORD-A2', email), 'user_enabled', 'webhook', { id: created.targetId, email })
  })

  it('records old → new e-mail on a details change; a taken e-mail records nothing', async () => {
    const learner = await h.createUser({ email: 'old.address@example.com' })
    const other = await h.createUser()
    await expectNoEntry(() => expectStatus(admin.patch(`/api/admin/users/${learner.id}`, { email: other.email }), 409))
    const entry = await expectOneEntry(
      () => expectStatus(admin.patch(`/api/admin/users/${learner.id}`, { email: 'new.address@example.com', fullName: 'New Name' }), 200),
      'user_details_changed',
      adminUser,
      { id: learner.id, email: 'new.address@example.com' },
    )
    expect(entry.detail).toEqual({ emailFrom: 'old.address@example.com', emailTo: 'new.address@example.com', isNameChanged: true })
  })

  it('records a role change, none when the role stays, and none for a refused one', async () => {
    const learner = await h.createUser()
    const entry = await expectOneEntry(
      () => expectStatus(admin.put(`/api/admin/users/${learner.id}/role`, { role: 'admin' }), 200),
      'user_role_changed',
      adminUser,
      person(learner),
    )
    expect(entry.detail).toEqual({ roleFrom: 'user', roleTo: 'admin' })
    await expectNoEntry(() => expectStatus(admin.put(`/api/admin/users/${learner.id}/role`, { role: 'admin' }), 200))
    await expectNoEntry(() => expectStatus(admin.put('/api/admin/users/no-such-user/role', { role: 'user' }), 404))
  })

  it('records a deletion; the entries naming the account outlive it', async () => {
    const { user: learner, client } = await h.signedIn()
    await expectStatus(client.delete('/api/progress'), 200)
    await expectNoEntry(() => expectStatus(admin.delete(`/api/admin/users/${adminUser.id}`), 403))
    await expectOneEntry(() => expectStatus(admin.delete(`/api/admin/users/${learner.id}`), 204), 'user_deleted', adminUser, person(learner))
    const left = await h.db.select().from(auditLog).where(eq(auditLog.targetId, learner.id)).orderBy(auditLog.id)
    expect(left.map((entry) => [entry.action, entry.actorEmail, entry.targetEmail])).toEqual([
      ['user_created', null, learner.email],
      ['progress_reset', learner.email, learner.email],
      ['user_deleted', adminUser.email, learner.email],
    ])
  })
})

describe('progress and the course', () => {
  it('records a learner’s progress reset', async () => {
    const { user: learner, client } = await h.signedIn()
    await expectOneEntry(() => expectStatus(client.delete('/api/progress'), 200), 'progress_reset', learner, person(learner))
  })

  it('records a publish with its version and a restore with the version restored; refusals record nothing', async () => {
    await expectNoEntry(() => expectStatus(admin.post(`${COURSE}/publish`, { note: 'Nothing changed' }), 409))
    await editModule(admin, 'm2', (module) => ({ ...module, title: 'General Overview, revised' }))
    let version = 0
    const published = await expectOneEntry(
      async () => (version = await publish(admin, 'Revised module 2')),
      'course_published',
      adminUser,
      null,
    )
    expect(published.detail).toEqual({ version })
    await expectNoEntry(() => expectStatus(admin.post(`${COURSE}/versions/999/restore`, {}), 404))
    const restored = await expectOneEntry(
      () => expectStatus(admin.post(`${COURSE}/versions/1/restore`, {}), 200),
      'course_restored',
      adminUser,
      null,
    )
    expect(restored.detail).toEqual({ version: 1 })
  })
})

describe('the table', () => {
  it('refuses updates and deletes from the application; only the retention prune removes entries', async () => {
    const [entry] = await h.db.select().from(auditLog).limit(1)
    await expect(h.db.update(auditLog).set({ action: 'sign_in' }).where(eq(auditLog.id, entry!.id))).rejects.toThrow()
    await expect(h.db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow()
    expect((await h.db.select().from(auditLog).where(eq(auditLog.id, entry!.id)))[0]).toEqual(entry)
  })

  it('prunes entries older than the retention period, and only those', async () => {
    const now = new Date()
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
    const old = { action: 'sign_out', actorKind: 'anonymous', targetEmail: 'pruned@example.com' }
    await h.db.insert(auditLog).values([
      { ...old, createdAt: daysAgo(400) },
      { ...old, createdAt: daysAgo(366) },
      { ...old, targetEmail: 'kept@example.com', createdAt: daysAgo(364) },
    ])
    const count = async (email: string) => (await h.db.select().from(auditLog).where(eq(auditLog.targetEmail, email))).length
    const before = (await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n
    expect(await pruneAuditLog(h.db, 365)).toBe(2)
    expect([await count('pruned@example.com'), await count('kept@example.com')]).toEqual([0, 1])
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBe(before - 2)
    expect(await pruneAuditLog(h.db, 365)).toBe(0)
  })
})
