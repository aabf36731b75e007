import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../../shared/paths'
import { session, user, verification } from '../db/schema'
import { createHarness, PUBLIC_URL, type Harness } from '../test/harness'
import { linkIn } from '../test/smtp-capture'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

describe('sign in', () => {
  it('signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const learner = await h.createUser({ fullName: 'Ada Broker' })
    const client = h.client()
    const response = await client.post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      id: learner.id,
      email: learner.email,
      fullName: 'Ada Broker',
      role: 'user',
      mustChangePassword: false,
    })
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(response.text).not.toContain(client.cookies.get('better-auth.session_token')!.split('.')[0])
    expect((await client.get('/api/profile')).json.email).toBe(learner.email)
  })

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const learner = await h.createUser()
    const response = await h.client().post('/api/auth/sign-in/email', {
      email: `  ${learner.email.toUpperCase()} `,
      password: learner.password,
    })
    expect(response.status).toBe(200)
  })

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const learner = await h.createUser()
    const wrong = await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: 'not-the-password' })
    const unknown = await h.client().post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'whatever1' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.json).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }, requestId: expect.any(String) })
    expect(unknown.json.error).toEqual(wrong.json.error)
    expect(wrong.headers.getSetCookie()).toEqual([])
  })

  it.each([
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Invalid email format'],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'x' }, 'email', 'Email too long'],
    [{ email: 'someone@example.com', password: '' }, 'password', 'Password is required'],
    [{ email: 'someone@example.com' }, 'password', 'Password is required'],
    [{ email: 42, password: 'x' }, 'email', 'Invalid email format'],
  ])('refuses %j with the spec message', async (body, field, message) => {
    const response = await h.client().post('/api/auth/sign-in/email', body)
    expect(response.status).toBe(400)
    expect(response.json.error.code).toBe('VALIDATION_FAILED')
    expect(response.json.error.issues).toContainEqual({ path: field, message })
  })

  it('signs out: the session stops working at once', async () => {
    const { client } = await h.signedIn()
    const cookie = client.cookies.get('better-auth.session_token')!
    expect((await client.post('/api/auth/sign-out')).status).toBe(200)
    expect(client.cookies.has('better-auth.session_token')).toBe(false)
    const replay = await h.client().get('/api/profile', { headers: { cookie: `better-auth.session_token=${cookie}` } })
    expect(replay.status).toBe(401)
  })

  it('signing out with no session still answers 200', async () => {
    expect((await h.client().post('/api/auth/sign-out')).status).toBe(200)
  })

  it('rejects a forged cookie', async () => {
    const { client } = await h.signedIn()
    const token = client.cookies.get('better-auth.session_token')!.split('.')[0]
    const forged = await h.client().get('/api/profile', {
      headers: { cookie: `better-auth.session_token=${token}.${encodeURIComponent('A'.repeat(43) + '=')}` },
    })
    expect(forged.status).toBe(401)
  })

  it('rejects a forged cookie for a token whose genuine cookie was just accepted, and still accepts the genuine one', async () => {
    const { client } = await h.signedIn()
    const genuine = client.cookies.get('better-auth.session_token')!
    const [token, signature] = genuine.split('.')
    const send = (value: string) => h.client().get('/api/profile', { headers: { cookie: `better-auth.session_token=${value}` } })
    expect((await send(genuine)).status).toBe(200)
    expect((await send(`${token}.${encodeURIComponent('A'.repeat(43) + '=')}`)).status).toBe(401)
    // The signature with its first character changed, and the token with its last.
    expect((await send(`${token}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`)).status).toBe(401)
    expect((await send(`${token!.slice(0, -1)}${token!.endsWith('a') ? 'b' : 'a'}.${signature}`)).status).toBe(401)
    expect((await send(genuine)).status).toBe(200)
  })
})

describe('only the portal’s auth routes are reachable', () => {
  it.each([
    ['POST', '/api/auth/sign-up/email'],
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/admin/set-role'],
    ['GET', '/api/auth/admin/list-users'],
    ['GET', '/api/auth/reset-password/some-token'],
  ])('%s %s → 404', async (method, url) => {
    const { client } = await h.signedIn({ role: 'admin' })
    const response = await client.request(method, url, method === 'GET' ? {} : { body: { email: 'x@example.com', role: 'admin', userId: 'x' } })
    expect(response.status).toBe(404)
    expect(response.json.error.code).toBe('NOT_FOUND')
  })

  it('sign-up is impossible, so no account appears', async () => {
    await h.client().post('/api/auth/sign-up/email', { email: 'intruder@example.com', password: 'password123', name: 'x' })
    expect(await h.db.select().from(user).where(eq(user.email, 'intruder@example.com'))).toEqual([])
  })
})

describe('forgot password', () => {
  it('e-mails a one-time link to /change-password that works once, within the hour, and ends every session', async () => {
    const learner = await h.createUser()
    const other = h.client()
    await other.post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })

    const request = await h.client().post('/api/auth/request-password-reset', { email: learner.email })
    expect(request.status).toBe(200)
    const mail = await h.smtp.waitFor(learner.email, (m) => m.subject.startsWith('Reset your password'))
    const link = linkIn(mail, `${PUBLIC_URL}${paths.changePassword}?token=`)
    const token = new URL(link).searchParams.get('token')!
    expect(mail.text).toContain('expires in 1 hour')

    // Stored hashed: the token itself is nowhere in the database.
    const stored = await h.db.select().from(verification)
    expect(stored.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false)

    const reset = await h.client().post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' })
    expect(reset.status).toBe(200)
    expect((await other.get('/api/profile')).status).toBe(401)

    const again = await h.client().post('/api/auth/reset-password', { token, newPassword: 'yet another passphrase' })
    expect(again.status).toBe(400)
    expect(again.json.error.code).toBe('INVALID_TOKEN')

    const oldPassword = await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })
    expect(oldPassword.status).toBe(401)
    const newPassword = await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: 'a brand new passphrase' })
    expect(newPassword.status).toBe(200)
  })

  it('clears the temporary-password flag when the learner resets instead', async () => {
    const learner = await h.createUser({ isTemporary: true })
    await h.client().post('/api/auth/request-password-reset', { email: learner.email })
    const mail = await h.smtp.waitFor(learner.email)
    const token = new URL(linkIn(mail, PUBLIC_URL)).searchParams.get('token')!
    await h.client().post('/api/auth/reset-password', { token, newPassword: 'chosen by me 123' })
    const [row] = await h.db.select().from(user).where(eq(user.id, learner.id))
    expect(row!.mustChangePassword).toBe(false)
  })

  it('refuses an expired link', async () => {
    const learner = await h.createUser()
    await h.client().post('/api/auth/request-password-reset', { email: learner.email })
    const token = new URL(linkIn(await h.smtp.waitFor(learner.email), PUBLIC_URL)).searchParams.get('token')!
    await h.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) })
    const response = await h.client().post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' })
    expect(response.status).toBe(400)
    expect(response.json.error.message).toBe('This reset link is invalid or has expired. Please request a new one.')
  })

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const known = await h.createUser()
    const before = h.smtp.messages.length
    const unknown = await h.client().post('/api/auth/request-password-reset', { email: 'ghost@example.com' })
    const knownAnswer = await h.client().post('/api/auth/request-password-reset', { email: known.email })
    expect(unknown.status).toBe(200)
    expect(unknown.json).toEqual(knownAnswer.json)
    await h.smtp.waitFor(known.email, (m) => h.smtp.messages.indexOf(m) >= before)
    expect(h.smtp.messages.filter((m) => m.to.includes('ghost@example.com'))).toEqual([])
  })

  it.each([
    [{ token: 'abc', newPassword: 'short' }, 'newPassword', 'Password must be at least 8 characters'],
    [{ token: 'abc', newPassword: 'x'.repeat(129) }, 'newPassword', 'Password too long'],
    [{ newPassword: 'long enough 123' }, 'token', 'This reset link is invalid or has expired.'],
  ])('refuses %j', async (body, field, message) => {
    const response = await h.client().post('/api/auth/reset-password', body)
    expect(response.status).toBe(400)
    expect(response.json.error.issues).toContainEqual({ path: field, message })
  })

  it('refuses a malformed e-mail', async () => {
    const response = await h.client().post('/api/auth/request-password-reset', { email: 'nope' })
    expect(response.status).toBe(400)
    expect(response.json.error.message).toBe('Invalid email format')
  })
})

describe('sessions', () => {
  it('slides: a session used after a day is extended to a full week again', async () => {
    const { user: learner, client } = await h.signedIn()
    const twoDaysLeft = new Date(Date.now() + 2 * 24 * 3600 * 1000)
    await h.db.update(session).set({ expiresAt: twoDaysLeft }).where(eq(session.userId, learner.id))
    const response = await client.get('/api/profile')
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().join()).toMatch(/Max-Age=604800/)
    const [row] = await h.db.select().from(session).where(eq(session.userId, learner.id))
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000)
  })

  it('ends at expiry', async () => {
    const { user: learner, client } = await h.signedIn()
    await h.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, learner.id))
    expect((await client.get('/api/profile')).status).toBe(401)
  })
})
