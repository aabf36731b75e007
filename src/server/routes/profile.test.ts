import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGuards } from '../auth/guards'
import { createSessionReader } from '../auth/session-reader'
import { user } from '../db/schema'
import { handleError } from '../errors'
import type { TestClient} from '../test/harness';
import { createHarness, type Harness } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

describe('GET /api/profile', () => {
  it('is 401 for an anonymous visitor', async () => {
    const response = await h.client().get('/api/profile')
    expect(response.status).toBe(401)
    expect(response.json).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' }, requestId: expect.any(String) })
  })

  it('is readable by a learner who still has to change the password', async () => {
    const { client } = await h.signedIn({ isTemporary: true })
    const response = await client.get('/api/profile')
    expect(response.status).toBe(200)
    expect(response.json.mustChangePassword).toBe(true)
  })

  it('shows a role change on the very next request', async () => {
    const { user: learner, client } = await h.signedIn()
    expect((await client.get('/api/profile')).json.role).toBe('user')
    await h.db.update(user).set({ role: 'admin' }).where(eq(user.id, learner.id))
    expect((await client.get('/api/profile')).json.role).toBe('admin')
  })
})

describe('PUT /api/profile/password', () => {
  it('lets a learner with a temporary password choose one without repeating it, and ends their other sessions', async () => {
    const { user: learner, client } = await h.signedIn({ isTemporary: true })
    const elsewhere = h.client()
    await elsewhere.post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })

    const response = await client.put('/api/profile/password', { newPassword: 'my own passphrase' })
    expect(response.status).toBe(200)
    expect(response.json.mustChangePassword).toBe(false)
    expect((await client.get('/api/profile')).status).toBe(200)
    expect((await elsewhere.get('/api/profile')).status).toBe(401)

    const signIn = await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: 'my own passphrase' })
    expect(signIn.status).toBe(200)
    const [row] = await h.db.select().from(user).where(eq(user.id, learner.id))
    expect(row!.temporaryPasswordIssuedAt).toBeNull()
  })

  it('asks anyone else for the current password', async () => {
    const { user: learner, client } = await h.signedIn()
    const missing = await client.put('/api/profile/password', { newPassword: 'another passphrase' })
    expect(missing.status).toBe(400)
    expect(missing.json.error.message).toBe('Current password is incorrect')
    const wrong = await client.put('/api/profile/password', { currentPassword: 'nope', newPassword: 'another passphrase' })
    expect(wrong.status).toBe(400)
    const right = await client.put('/api/profile/password', {
      currentPassword: learner.password,
      newPassword: 'another passphrase',
    })
    expect(right.status).toBe(200)
  })

  it('refuses the temporary password as the new one', async () => {
    const { user: learner, client } = await h.signedIn({ isTemporary: true })
    const response = await client.put('/api/profile/password', { newPassword: learner.password })
    expect(response.status).toBe(400)
    expect(response.json.error.message).toBe('Choose a password different from your current one.')
    expect((await client.get('/api/profile')).json.mustChangePassword).toBe(true)
  })

  it.each([
    ['short', 'Password must be at least 8 characters'],
    ['x'.repeat(129), 'Password too long'],
    ['😀'.repeat(7), 'Password must be at least 8 characters'],
  ])('refuses %j with the spec message and changes nothing', async (newPassword, message) => {
    const { user: learner, client } = await h.signedIn({ isTemporary: true })
    const response = await client.put('/api/profile/password', { newPassword })
    expect(response.status).toBe(400)
    expect(response.json.error.issues).toContainEqual({ path: 'newPassword', message })
    const stillOld = await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })
    expect(stillOld.status).toBe(200)
  })

  it('counts characters, not UTF-16 units: 128 emoji are allowed', async () => {
    const { user: learner, client } = await h.signedIn({ isTemporary: true })
    const newPassword = '🔑'.repeat(128)
    expect((await client.put('/api/profile/password', { newPassword })).status).toBe(200)
    const signIn = await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: newPassword })
    expect(signIn.status).toBe(200)
  })

  it('is 401 without a session', async () => {
    expect((await h.client().put('/api/profile/password', { newPassword: 'whatever123' })).status).toBe(401)
  })
})

describe('guards', () => {
  /** A route shaped like every app route to come: a guard in front, the app's error handling. */
  const probe = (guard: 'requireUser' | 'requireAdmin') => {
    const guards = createGuards(createSessionReader(h.db, h.authSecret, false))
    return new Hono().use(guards[guard]).get('/', (c) => c.text('ok')).onError(handleError)
  }
  const call = async (guard: 'requireUser' | 'requireAdmin', client?: TestClient) => {
    const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : ''
    const response = await probe(guard).request('/', { headers: cookie ? { cookie } : {} })
    return { status: response.status, body: await response.text() }
  }

  it.each([
    ['requireUser', 'anonymous', 401],
    ['requireUser', 'temporary', 403],
    ['requireUser', 'learner', 200],
    ['requireUser', 'admin', 200],
    ['requireAdmin', 'anonymous', 401],
    ['requireAdmin', 'temporary-admin', 403],
    ['requireAdmin', 'learner', 403],
    ['requireAdmin', 'admin', 200],
  ] as const)('%s lets a %s caller have %i', async (guard, who, status) => {
    let client: TestClient | undefined
    if (who === 'temporary') client = (await h.signedIn({ isTemporary: true })).client
    if (who === 'temporary-admin') client = (await h.signedIn({ isTemporary: true, role: 'admin' })).client
    if (who === 'learner') client = (await h.signedIn()).client
    if (who === 'admin') client = (await h.signedIn({ role: 'admin' })).client
    const response = await call(guard, client)
    expect(response.status).toBe(status)
    if (who === 'temporary') expect(JSON.parse(response.body).error.code).toBe('PASSWORD_CHANGE_REQUIRED')
  })
})
