// Suite 2 of docs/security.md: a session ends when it should, at once. Every check is the very next
// request after the event: there is no cache window in which an ended session still works.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { session } from '../db/schema'
import { snapshotDb } from '../test/db-snapshot'
import { deliverPurchase } from '../test/purchase-delivery'
import { createHarness, PUBLIC_URL, type Harness, type TestClient } from '../test/harness'
import { linkIn } from '../test/smtp-capture'
import { cookieHeader } from './support'

const WEBHOOK_SECRET = 'whsec-sessions-0123456789abcdef0123456789abcdef'

let h: Harness
beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET })
})
afterAll(() => h?.close())

const profileStatus = async (client: TestClient) => (await client.get('/api/profile')).status
/** Replays a cookie header as it was, as a stolen or stale browser cookie would be. */
const replay = async (cookie: string, url = '/api/profile') => (await h.app.request(url, { headers: { cookie } })).status

describe('sessions end at once', () => {
  it('after sign-out: the cookie no longer works, even replayed; the account’s other sessions stay', async () => {
    const learner = await h.createUser()
    const client = h.client()
    const signIn = await client.post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })
    expect(signIn.status).toBe(200)
    // Only the session token: no cached session cookie that could outlive the session.
    expect(signIn.headers.getSetCookie().map((cookie) => cookie.split('=')[0])).toEqual(['better-auth.session_token'])
    const elsewhere = await h.sessionFor(learner.id)
    const cookie = cookieHeader(client)
    expect(await replay(cookie)).toBe(200)

    expect((await client.post('/api/auth/sign-out')).status).toBe(200)
    expect(client.cookies.size).toBe(0)
    expect(await replay(cookie)).toBe(401)
    expect(await profileStatus(elsewhere)).toBe(200)
  })

  it('after a password change: every other session ends; the one that changed it stays signed in', async () => {
    const learner = await h.createUser()
    const [current, other1, other2] = await Promise.all([1, 2, 3].map(() => h.sessionFor(learner.id)))
    const changed = await current!.put('/api/profile/password', { currentPassword: learner.password, newPassword: 'a changed password 1' })
    expect(changed.status).toBe(200)
    expect(await profileStatus(other1!)).toBe(401)
    expect(await profileStatus(other2!)).toBe(401)
    expect(await profileStatus(current!)).toBe(200)
  })

  it('after a reset from the e-mailed link: every session of the account ends', async () => {
    const learner = await h.createUser()
    const sessions = await Promise.all([1, 2].map(() => h.sessionFor(learner.id)))
    expect((await h.client().post('/api/auth/request-password-reset', { email: learner.email })).status).toBe(200)
    const mail = await h.smtp.waitFor(learner.email)
    const token = new URL(linkIn(mail, PUBLIC_URL)).searchParams.get('token')!
    // One of the learner's own browsers follows the link: it is signed out too.
    const reset = await sessions[0]!.post('/api/auth/reset-password', { token, newPassword: 'a reset password 1' })
    expect(reset.status).toBe(200)
    for (const session of sessions) expect(await profileStatus(session)).toBe(401)
  })

  it('after a role change: the new role applies to the next request, both ways', async () => {
    const actor = await h.sessionFor((await h.createUser({ role: 'admin' })).id)
    const demoted = await h.createUser({ role: 'admin' })
    // With a second factor, so that once an admin nothing else holds them back (REQUIRE_ADMIN_2FA).
    const promoted = await h.createUser({ hasTwoFactor: true })
    const demotedClient = await h.sessionFor(demoted.id)
    const promotedClient = await h.sessionFor(promoted.id)
    expect((await demotedClient.get('/api/admin/users')).status).toBe(200)
    expect((await promotedClient.get('/api/admin/users')).status).toBe(403)

    expect((await actor.put(`/api/admin/users/${demoted.id}/role`, { role: 'user' })).status).toBe(200)
    expect((await actor.put(`/api/admin/users/${promoted.id}/role`, { role: 'admin' })).status).toBe(200)

    const refused = await demotedClient.get('/api/admin/users')
    expect(refused.status).toBe(403)
    expect(refused.json.error.code).toBe('FORBIDDEN')
    expect((await demotedClient.get('/api/profile')).json.role).toBe('user')
    expect((await promotedClient.get('/api/admin/users')).status).toBe(200)
  })

  it('after the account is disabled by a refund: every session ends, and no new one starts', async () => {
    const learner = await h.createUser()
    const sessions = await Promise.all([1, 2].map(() => h.sessionFor(learner.id)))
    const stale = cookieHeader(sessions[0]!)
    const refund = await deliverPurchase(h.app, WEBHOOK_SECRET, { event: 'purchase.refunded', email: learner.email })
    expect(await refund.json()).toMatchObject({ result: 'disabled' })

    for (const session of sessions) expect(await profileStatus(session)).toBe(401)
    expect(await replay(stale, '/api/progress')).toBe(401)
    // Even a session that somehow survived is refused: the reader checks the account on every request.
    expect(await profileStatus(await h.sessionFor(learner.id))).toBe(401)
    const signIn = await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })
    expect(signIn.status).toBe(403)
    expect(signIn.json.error.code).toBe('ACCOUNT_DISABLED')
  })

  it('after the account is deleted: its session ends', async () => {
    const admin = await h.sessionFor((await h.createUser({ role: 'admin' })).id)
    const learner = await h.createUser()
    const session = await h.sessionFor(learner.id)
    expect(await profileStatus(session)).toBe(200)
    expect((await admin.delete(`/api/admin/users/${learner.id}`)).status).toBe(204)
    expect(await profileStatus(session)).toBe(401)
    expect((await session.put('/api/progress/1', { completed: true })).status).toBe(401)
  })
})

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** A browser signing in through the API with its own user agent, as Better Auth records it. */
async function signInWith(person: { email: string; password: string }, userAgent: string) {
  const client = h.client()
  const answer = await client.request('POST', '/api/auth/sign-in/email', {
    body: { email: person.email, password: person.password },
    headers: { 'user-agent': userAgent },
  })
  expect(answer.status, answer.text).toBe(200)
  return client
}

const sessionIdsOf = async (userId: string) =>
  (await h.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).map((row) => row.id).sort()

// The Security page's session list (docs/decisions/0085-session-list.md): a learner ends another of
// their sessions, or all but this one; an admin ends all of a learner's. The ended session's very
// next request is refused (on PGlite, after a request that put it in the coherent cache).
describe('the session list', () => {
  it('lists the caller’s own live sessions, this one first, by an opaque id and never a token', async () => {
    const learner = await h.createUser()
    const phone = await signInWith(learner, SAFARI_ON_IPHONE)
    const laptop = await signInWith(learner, CHROME_ON_WINDOWS)
    const stranger = await h.signedIn()

    const answer = await laptop.get('/api/profile/sessions')
    expect(answer.status).toBe(200)
    expect(answer.json.sessions).toEqual([
      { id: expect.any(String), createdAt: expect.any(String), lastActiveAt: null, userAgent: CHROME_ON_WINDOWS, isCurrent: true },
      { id: expect.any(String), createdAt: expect.any(String), lastActiveAt: null, userAgent: SAFARI_ON_IPHONE, isCurrent: false },
    ])
    const tokens = await h.db.select({ id: session.id, token: session.token }).from(session).where(eq(session.userId, learner.id))
    expect(answer.json.sessions.map((s: { id: string }) => s.id).sort()).toEqual(tokens.map((row) => row.id).sort())
    for (const { token } of tokens) expect(answer.text).not.toContain(token)
    expect((await phone.get('/api/profile/sessions')).json.sessions.map((s: { isCurrent: boolean }) => s.isCurrent)).toEqual([true, false])
    expect((await stranger.client.get('/api/profile/sessions')).json.sessions).toHaveLength(1)
  })

  it('says when a session was last active only once it has been extended, not for a new session stamped a millisecond apart', async () => {
    const learner = await h.createUser()
    await Promise.all([1, 2].map(() => h.sessionFor(learner.id)))
    const [newRow, extendedRow] = await h.db.select().from(session).where(eq(session.userId, learner.id)).orderBy(session.createdAt)
    const created = new Date('2026-11-20T10:00:00.000Z')
    const extended = new Date('2026-11-21T10:00:05.000Z')
    await h.db.update(session).set({ createdAt: created, updatedAt: new Date(created.getTime() + 1) }).where(eq(session.id, newRow!.id))
    await h.db.update(session).set({ createdAt: created, updatedAt: extended }).where(eq(session.id, extendedRow!.id))

    const lastActive = async (client: TestClient) =>
      Object.fromEntries(((await client.get('/api/profile/sessions')).json.sessions as { id: string; lastActiveAt: string | null }[]).map((s) => [s.id, s.lastActiveAt]))
    const seen = await lastActive((await h.sessionFor(learner.id))!)
    expect(seen[newRow!.id]).toBeNull()
    expect(seen[extendedRow!.id]).toBe(extended.toISOString())
  })

  it('ends one of the caller’s other sessions at once; the rest stay signed in', async () => {
    const learner = await h.createUser()
    const [current, other, third] = await Promise.all([1, 2, 3].map(() => h.sessionFor(learner.id)))
    const otherCookie = cookieHeader(other!)
    expect(await profileStatus(other!)).toBe(200)
    const listed = (await current!.get('/api/profile/sessions')).json.sessions as { id: string; isCurrent: boolean }[]
    const [otherId] = (await other!.get('/api/profile/sessions')).json.sessions.filter((s: { isCurrent: boolean }) => s.isCurrent).map((s: { id: string }) => s.id)
    expect(listed.map((s) => s.id)).toContain(otherId)

    const ended = await current!.delete(`/api/profile/sessions/${otherId}`)
    expect(ended.status).toBe(204)
    expect(await replay(otherCookie)).toBe(401)
    expect(await profileStatus(current!)).toBe(200)
    expect(await profileStatus(third!)).toBe(200)
    expect((await current!.get('/api/profile/sessions')).json.sessions.map((s: { id: string }) => s.id)).not.toContain(otherId)
    // Once ended it is unknown.
    expect((await current!.delete(`/api/profile/sessions/${otherId}`)).status).toBe(404)
  })

  it('refuses another user’s session, an unknown one and the current one, and changes nothing', async () => {
    const learner = await h.createUser()
    const victim = await h.createUser()
    const client = await h.sessionFor(learner.id)
    const victimClient = await h.sessionFor(victim.id)
    const [victimSessionId] = await sessionIdsOf(victim.id)
    const [ownId] = await sessionIdsOf(learner.id)
    const before = await snapshotDb(h.db, { except: ['rate_limit'] })

    const foreign = await client.delete(`/api/profile/sessions/${victimSessionId}`)
    expect(foreign.status).toBe(404)
    expect(foreign.json.error).toEqual({ code: 'NOT_FOUND', message: 'Session not found' })
    expect((await client.delete('/api/profile/sessions/no-such-session')).status).toBe(404)
    const own = await client.delete(`/api/profile/sessions/${ownId}`)
    expect(own.status).toBe(409)
    expect(own.json.error.code).toBe('CONFLICT')
    expect((await client.delete('/api/profile/sessions/not%20an%20id')).status).toBe(400)

    expect(await snapshotDb(h.db, { except: ['rate_limit'] })).toEqual(before)
    expect(await profileStatus(victimClient)).toBe(200)
    expect(await profileStatus(client)).toBe(200)
  })

  it('signs out everywhere else: every other session ends, this one and other users’ stay', async () => {
    const learner = await h.createUser()
    const [current, other1, other2] = await Promise.all([1, 2, 3].map(() => h.sessionFor(learner.id)))
    const bystander = await h.signedIn()
    for (const client of [other1!, other2!]) expect(await profileStatus(client)).toBe(200)

    const answer = await current!.delete('/api/profile/sessions')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ endedCount: 2 })
    expect(await profileStatus(other1!)).toBe(401)
    expect(await profileStatus(other2!)).toBe(401)
    expect(await profileStatus(current!)).toBe(200)
    expect(await profileStatus(bystander.client)).toBe(200)
    expect((await current!.delete('/api/profile/sessions')).json).toEqual({ endedCount: 0 })
  })

  it('lets an admin end every session of a learner, not their own, and answers 404 for nobody', async () => {
    const adminUser = await h.createUser({ role: 'admin' })
    const admin = await h.sessionFor(adminUser.id)
    const learner = await h.createUser()
    const sessions = await Promise.all([1, 2].map(() => h.sessionFor(learner.id)))
    for (const client of sessions) expect(await profileStatus(client)).toBe(200)

    const answer = await admin.delete(`/api/admin/users/${learner.id}/sessions`)
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ endedCount: 2 })
    for (const client of sessions) expect(await profileStatus(client)).toBe(401)
    expect(await sessionIdsOf(learner.id)).toEqual([])
    // They can sign in again.
    expect(await profileStatus(await h.signIn(learner.email, learner.password))).toBe(200)

    const before = await snapshotDb(h.db, { except: ['rate_limit'] })
    const own = await admin.delete(`/api/admin/users/${adminUser.id}/sessions`)
    expect(own.status).toBe(403)
    expect(own.json.error.code).toBe('FORBIDDEN')
    expect((await admin.delete('/api/admin/users/no-such-user/sessions')).status).toBe(404)
    expect(await snapshotDb(h.db, { except: ['rate_limit'] })).toEqual(before)
    expect(await profileStatus(admin)).toBe(200)
  })
})
