import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, certificate, moduleProgress, session, user } from '../db/schema'
import {
  deleteUser,
  LAST_ADMIN_DELETE_MESSAGE,
  LAST_ADMIN_DEMOTE_MESSAGE,
  SELF_DELETE_MESSAGE,
} from '../services/admin-users'
import { disableUser } from '../services/account-status'
import { AS_CLI, createHarness, PUBLIC_URL, type Harness, type TestClient } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const USERS = '/api/admin/users'

const userRow = async (id: string) => (await h.db.select().from(user).where(eq(user.id, id)))[0]
const userCount = async () => Number((await h.db.select({ n: count() }).from(user))[0]!.n)
const signIn = (email: string, password: string) => h.client().post('/api/auth/sign-in/email', { email, password })
const newCreateBody = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${randomUUID().slice(0, 8)}@example.com`,
  fullName: 'New Learner',
  role: 'user',
  temporaryPassword: 'Temp!pass123',
  sendLoginDetails: false,
  ...overrides,
})

type Caller = 'anonymous' | 'learner' | 'must-change' | 'admin'

async function clientFor(caller: Caller): Promise<TestClient> {
  if (caller === 'anonymous') return h.client()
  if (caller === 'learner') return (await h.signedIn()).client
  // Even an admin is refused until they replace their temporary password.
  if (caller === 'must-change') return (await h.signedIn({ role: 'admin', isTemporary: true })).client
  return (await h.signedIn({ role: 'admin' })).client
}

type Response = Awaited<ReturnType<TestClient['get']>> & { email?: string }
type RouteCase = {
  call: (client: TestClient, targetId: string) => Promise<Response>
  okStatus: number
  changed: (response: Response, targetId: string) => Promise<boolean>
}

/** Each route, called on a fresh target, and how to tell whether it changed anything. */
const routes: Record<string, RouteCase> = {
  'GET /api/admin/users': {
    call: (client) => client.get(USERS),
    okStatus: 200,
    changed: async () => false,
  },
  'POST /api/admin/users': {
    call: async (client) => {
      const body = newCreateBody()
      const response = await client.post(USERS, body)
      return Object.assign(response, { email: body.email })
    },
    okStatus: 201,
    changed: async (response) =>
      (await h.db.select().from(user).where(eq(user.email, response.email!))).length > 0,
  },
  'PATCH /api/admin/users/:id': {
    call: async (client, targetId) => client.patch(`${USERS}/${targetId}`, { fullName: 'Renamed' }),
    okStatus: 200,
    changed: async (_response, targetId) => (await userRow(targetId))!.name === 'Renamed',
  },
  'PUT /api/admin/users/:id/role': {
    call: async (client, targetId) => client.put(`${USERS}/${targetId}/role`, { role: 'admin' }),
    okStatus: 200,
    changed: async (_response, targetId) => (await userRow(targetId))!.role === 'admin',
  },
  'DELETE /api/admin/users/:id': {
    call: async (client, targetId) => client.delete(`${USERS}/${targetId}`),
    okStatus: 204,
    changed: async (_response, targetId) => (await userRow(targetId)) === undefined,
  },
}

describe('every admin route is admin-only, on the server', () => {
  const cases = Object.keys(routes).flatMap((route) =>
    (
      [
        ['anonymous', 401, 'UNAUTHORIZED'],
        ['learner', 403, 'FORBIDDEN'],
        ['must-change', 403, 'PASSWORD_CHANGE_REQUIRED'],
        ['admin', 0, ''],
      ] as const
    ).map(([caller, status, code]) => [route, caller, status, code] as const),
  )

  it.each(cases)('%s as %s', async (route, caller, status, code) => {
    const target = await h.createUser({ fullName: 'Target' })
    const client = await clientFor(caller)
    const { call, okStatus, changed } = routes[route]!
    const response = await call(client, target.id)
    if (caller === 'admin') {
      expect(response.status).toBe(okStatus)
      if (route !== 'GET /api/admin/users') expect(await changed(response, target.id)).toBe(true)
      return
    }
    expect(response.status).toBe(status)
    expect(response.json.error.code).toBe(code)
    // Nothing admin-only leaks into a refusal.
    expect(response.text).not.toContain(target.email)
    expect(await changed(response, target.id)).toBe(false)
  })
})

describe('Better Auth’s own admin endpoints stay closed', () => {
  it.each([
    ['POST', '/api/auth/admin/create-user'],
    ['GET', '/api/auth/admin/list-users'],
    ['POST', '/api/auth/admin/set-role'],
    ['POST', '/api/auth/admin/remove-user'],
    ['POST', '/api/auth/admin/set-user-password'],
    ['POST', '/api/auth/admin/update-user'],
    ['POST', '/api/auth/admin/ban-user'],
    ['POST', '/api/auth/admin/impersonate-user'],
    ['POST', '/api/auth/admin/revoke-user-sessions'],
    ['POST', '/api/auth/admin/has-permission'],
  ])('%s %s → 404 for an admin too, and changes nothing', async (method, url) => {
    const { client } = await h.signedIn({ role: 'admin' })
    const target = await h.createUser()
    const body = { userId: target.id, email: 'made-by-better-auth@example.com', password: 'password123', name: 'x', role: 'admin' }
    const response = await client.request(method, url, method === 'GET' ? {} : { body })
    expect(response.status).toBe(404)
    expect(response.json.error.code).toBe('NOT_FOUND')
    expect(await userRow(target.id)).toMatchObject({ role: 'user', banned: false })
    expect(await h.db.select().from(user).where(eq(user.email, 'made-by-better-auth@example.com'))).toEqual([])
  })
})

describe('POST /api/admin/users', () => {
  it('creates a learner who must replace the temporary password at first sign-in', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const body = newCreateBody({ email: '  Grace.Broker@Example.com ', fullName: ' Grace Broker ' })
    const response = await client.post(USERS, body)
    expect(response.status).toBe(201)
    expect(response.json).toEqual({
      user: {
        id: expect.any(String),
        email: 'grace.broker@example.com',
        fullName: 'Grace Broker',
        role: 'user',
        mustChangePassword: true,
        isDisabled: false,
        completedModules: 0,
        createdAt: expect.any(String),
      },
      loginDetails: 'not-requested',
    })
    const signedIn = await signIn('grace.broker@example.com', body.temporaryPassword)
    expect(signedIn.status).toBe(200)
    expect(signedIn.json.mustChangePassword).toBe(true)
  })

  it('creates an admin, and leaves out an empty full name', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const response = await client.post(USERS, newCreateBody({ role: 'admin', fullName: '' }))
    expect(response.status).toBe(201)
    expect(response.json.user).toMatchObject({ role: 'admin', fullName: null })
    const withoutName = await client.post(USERS, newCreateBody({ fullName: undefined }))
    expect(withoutName.json.user.fullName).toBeNull()
  })

  it('e-mails the login details: the sign-in address, the temporary password and the portal link', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const body = newCreateBody({ sendLoginDetails: true, temporaryPassword: 'Xy7!kd#Pq2&m' })
    const response = await client.post(USERS, body)
    expect(response.status).toBe(201)
    expect(response.json.loginDetails).toBe('sent')
    const mail = await h.smtp.waitFor(body.email)
    expect(mail.subject).toBe(`Your login details — ${h.env.site.courseName}`)
    expect(mail.text).toContain(`Email: ${body.email}`)
    expect(mail.text).toContain('Temporary password: Xy7!kd#Pq2&m')
    expect(mail.text).toContain(`${PUBLIC_URL}/auth`)
    expect(mail.html).toContain(`href="${PUBLIC_URL}/auth"`)
  })

  it('sends the login details by default, and none when the box is unticked', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const silent = newCreateBody({ sendLoginDetails: false })
    const byDefault = newCreateBody({ sendLoginDetails: undefined })
    expect((await client.post(USERS, silent)).json.loginDetails).toBe('not-requested')
    expect((await client.post(USERS, byDefault)).json.loginDetails).toBe('sent')
    // The default's mail is sent before its answer, after the silent one's: had that one been
    // sent, it would be here by now.
    await h.smtp.waitFor(byDefault.email)
    expect(h.smtp.messages.filter((mail) => mail.to.includes(silent.email))).toEqual([])
  })

  it('still creates the user when the e-mail cannot be sent, and says so', async () => {
    const broken = await createHarness({ SMTP_URL: 'smtp://127.0.0.1:1' })
    try {
      const { client } = await broken.signedIn({ role: 'admin' })
      const body = newCreateBody({ sendLoginDetails: true })
      const response = await client.post(USERS, body)
      expect(response.status).toBe(201)
      expect(response.json.loginDetails).toBe('failed')
      expect((await broken.client().post('/api/auth/sign-in/email', { email: body.email, password: body.temporaryPassword })).status).toBe(200)
    } finally {
      await broken.close()
    }
  })

  it('refuses an e-mail that is taken, in any case, and changes nothing', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const existing = await h.createUser({ fullName: 'Existing Learner' })
    const before = await userCount()
    const body = newCreateBody({ email: existing.email.toUpperCase(), role: 'admin', fullName: 'Someone Else', sendLoginDetails: true })
    const response = await client.post(USERS, body)
    expect(response.status).toBe(409)
    expect(response.json).toEqual({ error: { code: 'CONFLICT', message: 'A user with this email already exists' }, requestId: expect.any(String) })
    expect(await userCount()).toBe(before)
    expect(await userRow(existing.id)).toMatchObject({ name: 'Existing Learner', role: 'user', mustChangePassword: false })
    expect((await signIn(existing.email, existing.password)).status).toBe(200)
    expect((await signIn(existing.email, body.temporaryPassword)).status).toBe(401)
    expect(h.smtp.messages.filter((mail) => mail.to.includes(existing.email))).toEqual([])
  })

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be less than 255 characters'],
    [{ email: undefined }, 'email', 'Invalid email format'],
    [{ fullName: 'n'.repeat(101) }, 'fullName', 'Name must be less than 100 characters'],
    [{ temporaryPassword: 'short' }, 'temporaryPassword', 'Password must be at least 8 characters'],
    [{ temporaryPassword: 'x'.repeat(129) }, 'temporaryPassword', 'Password must be less than 128 characters'],
    [{ temporaryPassword: undefined }, 'temporaryPassword', 'Password must be at least 8 characters'],
    [{ role: 'owner' }, 'role', 'Role must be user or admin'],
    [{ role: undefined }, 'role', 'Role must be user or admin'],
    [{ sendLoginDetails: 'yes' }, 'sendLoginDetails', 'sendLoginDetails must be true or false'],
  ])('refuses %j with the spec message and creates nothing', async (overrides, path, message) => {
    const { client } = await h.signedIn({ role: 'admin' })
    const before = await userCount()
    const response = await client.post(USERS, newCreateBody(overrides))
    expect(response.status).toBe(400)
    expect(response.json.error.code).toBe('VALIDATION_FAILED')
    expect(response.json.error.issues).toContainEqual({ path, message })
    expect(await userCount()).toBe(before)
  })

  it('refuses a body that is not JSON', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const response = await client.request('POST', USERS, { rawBody: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
    expect(response.json.error.code).toMatch(/BAD_REQUEST|VALIDATION_FAILED/)
  })
})

describe('GET /api/admin/users', () => {
  const tag = `pager${randomUUID().slice(0, 6)}`
  const seeded: { id: string; email: string; name: string }[] = []

  beforeAll(async () => {
    // 120 users, one second apart, so "newest first" is unambiguous.
    const start = Date.UTC(2030, 0, 1)
    for (let i = 0; i < 120; i += 1) {
      const number = String(i).padStart(3, '0')
      seeded.push({ id: randomUUID(), email: `${tag}.${number}@example.com`, name: i === 7 ? 'Zelda 100% Nakamura' : `Learner ${number}` })
    }
    await h.db.insert(user).values(
      seeded.map((row, i) => ({ ...row, createdAt: new Date(start + i * 1000), updatedAt: new Date(start + i * 1000) })),
    )
    // Three modules done, as the progress service records them: the rows and the user's count.
    await h.db.insert(moduleProgress).values([1, 2, 3].map((n) => ({ userId: seeded[5]!.id, moduleId: `m${n}` })))
    await h.db.update(user).set({ completedModules: 3 }).where(eq(user.id, seeded[5]!.id))
  })

  const list = async (query: string) => {
    const { client } = await h.signedIn({ role: 'admin' })
    return client.get(`${USERS}${query}`)
  }

  it('pages the matching users 50 at a time, newest first, with the total', async () => {
    const emails: string[] = []
    for (const page of [1, 2, 3]) {
      const response = await list(`?search=${tag}&page=${page}`)
      expect(response.status).toBe(200)
      expect(response.json).toMatchObject({ total: 120, page, pageSize: 50, pageCount: 3 })
      expect(response.json.users).toHaveLength(page === 3 ? 20 : 50)
      emails.push(...response.json.users.map((u: { email: string }) => u.email))
    }
    expect(emails).toEqual(seeded.map((row) => row.email).reverse())
    const beyond = await list(`?search=${tag}&page=4`)
    expect(beyond.json).toMatchObject({ users: [], total: 120, page: 4, pageCount: 3 })
  })

  it('lists everyone without a search, one page at most, and counts them all', async () => {
    const response = await list('')
    expect(response.status).toBe(200)
    expect(response.json.page).toBe(1)
    expect(response.json.users).toHaveLength(50)
    expect(response.json.total).toBe(await userCount())
    expect(response.json.pageCount).toBe(Math.ceil(response.json.total / 50))
  })

  it('shows each user’s progress out of 8 and whether they still hold a temporary password', async () => {
    const response = await list(`?search=${encodeURIComponent(seeded[5]!.email)}`)
    expect(response.json.users).toEqual([
      {
        id: seeded[5]!.id,
        email: seeded[5]!.email,
        fullName: 'Learner 005',
        role: 'user',
        mustChangePassword: false,
        isDisabled: false,
        completedModules: 3,
        createdAt: new Date(Date.UTC(2030, 0, 1) + 5000).toISOString(),
      },
    ])
  })

  it('shows which users are disabled (a refunded purchase)', async () => {
    const refunded = await h.createUser()
    await disableUser(h.db, refunded.id)
    const response = await list(`?search=${encodeURIComponent(refunded.email)}`)
    expect(response.json.users).toMatchObject([{ id: refunded.id, isDisabled: true }])
  })

  it('searches e-mails and names anywhere in them, ignoring case', async () => {
    const byName = await list('?search=nakaMURA')
    expect(byName.json.users.map((u: { id: string }) => u.id)).toEqual([seeded[7]!.id])
    expect(byName.json.total).toBe(1)
    const byEmailPart = await list(`?search=${tag.toUpperCase()}.11`)
    expect(byEmailPart.json.total).toBe(10)
    const byNamePart = await list('?search=learner%20011')
    expect(byNamePart.json.users.map((u: { email: string }) => u.email)).toEqual([seeded[11]!.email])
  })

  it('takes % and _ in a search literally', async () => {
    expect((await list('?search=100%25')).json.users.map((u: { id: string }) => u.id)).toEqual([seeded[7]!.id])
    expect((await list(`?search=${tag}_`)).json.total).toBe(0)
    expect((await list('?search=%25%25%25')).json.total).toBe(0)
  })

  it('finds nothing, politely', async () => {
    const response = await list('?search=no-such-person-anywhere')
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ users: [], moduleCount: 8, total: 0, page: 1, pageSize: 50, pageCount: 1 })
  })

  it.each([
    ['?page=0', 'Page must be a whole number from 1'],
    ['?page=-1', 'Page must be a whole number from 1'],
    ['?page=1.5', 'Page must be a whole number from 1'],
    ['?page=two', 'Page must be a whole number from 1'],
    ['?page=', 'Page must be a whole number from 1'],
    ['?page=999999', 'Page must be at most 100000'],
    [`?search=${'s'.repeat(256)}`, 'Search must be less than 255 characters'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await list(query)
    expect(response.status).toBe(400)
    expect(response.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message })
  })

  it('refuses a repeated parameter', async () => {
    expect((await list('?page=1&page=2')).status).toBe(400)
  })
})

describe('PATCH /api/admin/users/:id', () => {
  it('changes the sign-in e-mail and the full name', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const learner = await h.signedIn({ fullName: 'Old Name' })
    const newEmail = `renamed-${randomUUID().slice(0, 8)}@example.com`
    const response = await client.patch(`${USERS}/${learner.user.id}`, { email: newEmail.toUpperCase(), fullName: ' New Name ' })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ id: learner.user.id, email: newEmail, fullName: 'New Name' })
    expect((await signIn(newEmail, learner.user.password)).status).toBe(200)
    expect((await signIn(learner.user.email, learner.user.password)).status).toBe(401)
    // Their open session carries on, with the new e-mail.
    expect((await learner.client.get('/api/profile')).json).toMatchObject({ email: newEmail, fullName: 'New Name' })
  })

  it('clears the full name with an empty one, and changes one field alone', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const learner = await h.createUser({ fullName: 'To Be Cleared' })
    const cleared = await client.patch(`${USERS}/${learner.id}`, { fullName: '' })
    expect(cleared.json).toMatchObject({ email: learner.email, fullName: null })
    const kept = await client.patch(`${USERS}/${learner.id}`, { email: learner.email })
    expect(kept.status).toBe(200)
  })

  it('refuses an e-mail another user has, and changes nothing', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const learner = await h.createUser({ fullName: 'Keeps Name' })
    const other = await h.createUser()
    const response = await client.patch(`${USERS}/${learner.id}`, { email: other.email, fullName: 'Changed Name' })
    expect(response.status).toBe(409)
    expect(response.json).toEqual({ error: { code: 'CONFLICT', message: 'A user with this email already exists' }, requestId: expect.any(String) })
    expect(await userRow(learner.id)).toMatchObject({ email: learner.email, name: 'Keeps Name' })
    expect((await signIn(learner.email, learner.password)).status).toBe(200)
  })

  it.each([
    [{ email: 'nope' }, 'email', 'Invalid email format'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be less than 255 characters'],
    [{ fullName: 'n'.repeat(101) }, 'fullName', 'Name must be less than 100 characters'],
    [{}, '', 'Give an email or a full name to change'],
  ])('refuses %j and changes nothing', async (body, path, message) => {
    const { client } = await h.signedIn({ role: 'admin' })
    const learner = await h.createUser({ fullName: 'Unchanged' })
    const response = await client.patch(`${USERS}/${learner.id}`, body)
    expect(response.status).toBe(400)
    expect(response.json.error.issues).toContainEqual({ path, message })
    expect(await userRow(learner.id)).toMatchObject({ email: learner.email, name: 'Unchanged' })
  })

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const unknown = await client.patch(`${USERS}/${randomUUID()}`, { fullName: 'x' })
    expect(unknown.status).toBe(404)
    expect(unknown.json.error).toEqual({ code: 'NOT_FOUND', message: 'User not found' })
    const malformed = await client.patch(`${USERS}/${encodeURIComponent("x' or 1=1")}`, { fullName: 'x' })
    expect(malformed.status).toBe(400)
    expect(malformed.json.error.message).toBe('Invalid user id')
  })
})

describe('PUT /api/admin/users/:id/role', () => {
  it('promotes a learner: the panel opens to them on their very next request', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    // With a second factor, so that once an admin nothing else holds them back (REQUIRE_ADMIN_2FA).
    const learner = await h.signedIn({ hasTwoFactor: true })
    expect((await learner.client.get(USERS)).status).toBe(403)
    const response = await client.put(`${USERS}/${learner.user.id}/role`, { role: 'admin' })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ id: learner.user.id, role: 'admin' })
    expect((await learner.client.get(USERS)).status).toBe(200)
    expect((await learner.client.get('/api/profile')).json.role).toBe('admin')
  })

  it('demotes an admin: the panel closes to them on their very next request', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const other = await h.signedIn({ role: 'admin' })
    expect((await other.client.get(USERS)).status).toBe(200)
    expect((await client.put(`${USERS}/${other.user.id}/role`, { role: 'user' })).status).toBe(200)
    expect((await other.client.get(USERS)).status).toBe(403)
  })

  it('setting the role a user already has changes nothing and succeeds', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const learner = await h.createUser()
    const response = await client.put(`${USERS}/${learner.id}/role`, { role: 'user' })
    expect(response.status).toBe(200)
    expect(response.json.role).toBe('user')
  })

  it.each([[{ role: 'owner' }], [{ role: 'ADMIN' }], [{}]])('refuses %j and changes nothing', async (body) => {
    const { client } = await h.signedIn({ role: 'admin' })
    const learner = await h.createUser()
    const response = await client.put(`${USERS}/${learner.id}/role`, body)
    expect(response.status).toBe(400)
    expect(response.json.error.issues).toContainEqual({ path: 'role', message: 'Role must be user or admin' })
    expect((await userRow(learner.id))!.role).toBe('user')
  })

  it('answers 404 for an unknown user', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    expect((await client.put(`${USERS}/${randomUUID()}/role`, { role: 'admin' })).status).toBe(404)
  })
})

describe('DELETE /api/admin/users/:id', () => {
  it('removes the user, their sessions, credential and progress; their open session stops at once', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const learner = await h.signedIn({ fullName: 'Leaving Learner' })
    await h.db.insert(moduleProgress).values([{ userId: learner.user.id, moduleId: 'm1' }])
    const certificateId = randomUUID()
    await h.db.insert(certificate).values({
      id: certificateId,
      userId: learner.user.id,
      recipientName: 'Leaving Learner',
      completedAt: new Date(),
      moduleCount: 8,
    })
    expect((await learner.client.get('/api/profile')).status).toBe(200)

    const response = await client.delete(`${USERS}/${learner.user.id}`)
    expect(response.status).toBe(204)
    expect(response.text).toBe('')

    expect((await learner.client.get('/api/profile')).status).toBe(401)
    expect((await signIn(learner.user.email, learner.user.password)).status).toBe(401)
    expect(await userRow(learner.user.id)).toBeUndefined()
    expect(await h.db.select().from(session).where(eq(session.userId, learner.user.id))).toEqual([])
    expect(await h.db.select().from(account).where(eq(account.userId, learner.user.id))).toEqual([])
    expect(await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, learner.user.id))).toEqual([])
    // An issued certificate stays verifiable, without the name (docs/decisions/0037-deleted-accounts-and-certificates.md).
    expect(await h.db.select().from(certificate).where(eq(certificate.id, certificateId))).toEqual([
      expect.objectContaining({ userId: null, recipientName: null }),
    ])
    // The e-mail is free again.
    const again = await client.post(USERS, newCreateBody({ email: learner.user.email }))
    expect(again.status).toBe(201)
  })

  it('deletes another admin', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const other = await h.signedIn({ role: 'admin' })
    expect((await client.delete(`${USERS}/${other.user.id}`)).status).toBe(204)
    expect((await other.client.get(USERS)).status).toBe(401)
  })

  it('refuses to delete yourself, and changes nothing', async () => {
    const { client, user: self } = await h.signedIn({ role: 'admin' })
    const response = await client.delete(`${USERS}/${self.id}`)
    expect(response.status).toBe(403)
    expect(response.json.error).toEqual({ code: 'FORBIDDEN', message: SELF_DELETE_MESSAGE })
    expect((await client.get(USERS)).status).toBe(200)
  })

  it('answers 404 for an unknown or already deleted user, 400 for a malformed id', async () => {
    const { client } = await h.signedIn({ role: 'admin' })
    const learner = await h.createUser()
    expect((await client.delete(`${USERS}/${learner.id}`)).status).toBe(204)
    expect((await client.delete(`${USERS}/${learner.id}`)).status).toBe(404)
    expect((await client.delete(`${USERS}/${'x'.repeat(65)}`)).status).toBe(400)
  })
})

describe('the last admin', () => {
  let solo: Harness
  /** Whoever is the only admin after the first test. */
  let soleAdmin: Awaited<ReturnType<Harness['signedIn']>>
  beforeAll(async () => {
    solo = await createHarness()
  })
  afterAll(() => solo.close())

  const adminCount = async () =>
    Number((await solo.db.select({ n: count() }).from(user).where(eq(user.role, 'admin')))[0]!.n)

  it('cannot be demoted or deleted; once another admin exists, the first may step down', async () => {
    const first = await solo.signedIn({ role: 'admin' })
    const demote = await first.client.put(`${USERS}/${first.user.id}/role`, { role: 'user' })
    expect(demote.status).toBe(409)
    expect(demote.json.error).toEqual({ code: 'CONFLICT', message: LAST_ADMIN_DEMOTE_MESSAGE })
    expect(await adminCount()).toBe(1)
    expect((await first.client.delete(`${USERS}/${first.user.id}`)).json.error.message).toBe(SELF_DELETE_MESSAGE)

    // With a second factor, so that once an admin nothing else holds them back (REQUIRE_ADMIN_2FA).
    const second = await solo.signedIn({ hasTwoFactor: true })
    expect((await first.client.put(`${USERS}/${second.user.id}/role`, { role: 'admin' })).status).toBe(200)
    expect((await first.client.put(`${USERS}/${first.user.id}/role`, { role: 'user' })).status).toBe(200)
    expect((await first.client.get(USERS)).status).toBe(403)

    const secondDemote = await second.client.put(`${USERS}/${second.user.id}/role`, { role: 'user' })
    expect(secondDemote.status).toBe(409)
    expect(secondDemote.json.error.message).toBe(LAST_ADMIN_DEMOTE_MESSAGE)
    expect(await adminCount()).toBe(1)
    soleAdmin = second
  })

  it('cannot be deleted even by a caller who lost the admin role meanwhile', async () => {
    await expect(deleteUser(solo.db, randomUUID(), soleAdmin.user.id, AS_CLI.context)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: LAST_ADMIN_DELETE_MESSAGE,
    })
    expect(await adminCount()).toBe(1)
  })

  it('survives two admins demoting each other at the same moment', async () => {
    const other = await solo.signedIn({ role: 'admin' })
    const results = await Promise.all([
      soleAdmin.client.put(`${USERS}/${other.user.id}/role`, { role: 'user' }),
      other.client.put(`${USERS}/${soleAdmin.user.id}/role`, { role: 'user' }),
    ])
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    // The other demotion either ran alongside (the last admin stays) or arrived after the first
    // had already taken its caller's admin role (no longer an admin).
    const refused = results.find((r) => r.status !== 200)!
    expect([
      [409, LAST_ADMIN_DEMOTE_MESSAGE],
      [403, 'This is only available to admins.'],
    ]).toContainEqual([refused.status, refused.json.error.message])
    expect(await adminCount()).toBe(1)
  })
})
