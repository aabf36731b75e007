// Suite 2 of docs/security.md: a session ends when it should, at once. Every check is the very next
// request after the event: there is no cache window in which an ended session still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
