import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_MAX_AGE_SECONDS } from '../auth/session'
import { certificate, moduleProgress, session, user } from '../db/schema'
import { createHarness, type Harness, type TestClient } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const complete = (client: TestClient, moduleNumber: number | string, completed = true) =>
  client.put(`/api/progress/${moduleNumber}`, { completed })

/** The learner's progress rows, by module id (the seeded course's module n is `m<n>`). */
const rowsOf = async (userId: string) =>
  (await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, userId))).map((row) => row.moduleId).sort()

describe('GET /api/progress', () => {
  it('starts a new learner at 0 of 8 with 90 minutes left and module 1 next', async () => {
    const { client } = await h.signedIn()
    const response = await client.get('/api/progress')
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      modules: [],
      completedModuleNumbers: [],
      completedCount: 0,
      totalModules: 8,
      percent: 0,
      minutesLeft: 90,
      nextModuleNumber: 1,
      isCourseComplete: false,
    })
  })

  it('is 401 for an anonymous visitor and 403 for a learner who must change the password', async () => {
    const anonymous = await h.client().get('/api/progress')
    expect(anonymous.status).toBe(401)
    expect(anonymous.json.error.code).toBe('UNAUTHORIZED')
    const { client } = await h.signedIn({ isTemporary: true })
    const locked = await client.get('/api/progress')
    expect(locked.status).toBe(403)
    expect(locked.json.error.code).toBe('PASSWORD_CHANGE_REQUIRED')
  })

  // On PostgreSQL this read checks the session and reads the progress in one statement
  // (docs/decisions/0064-progress-read-in-one-statement.md): the session rules stay those of every route.
  it('lists the completed modules in course order, with their completion times', async () => {
    const { client } = await h.signedIn()
    const completedAt = async (n: number) =>
      (await complete(client, n)).json.modules.find((module: { moduleNumber: number }) => module.moduleNumber === n).completedAt
    const fifth = await completedAt(5)
    const second = await completedAt(2)
    const response = await client.get('/api/progress')
    expect(response.json.modules).toEqual([
      { moduleId: 'm2', moduleNumber: 2, completedAt: second },
      { moduleId: 'm5', moduleNumber: 5, completedAt: fifth },
    ])
    expect(response.json.completedModuleNumbers).toEqual([2, 5])
  })

  it('stops at once for a session signed out, expired or of a disabled account, with the same 401 body', async () => {
    const expectSignedOut = async (client: TestClient) => {
      const response = await client.get('/api/progress')
      expect(response.status).toBe(401)
      expect(response.json).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' }, requestId: expect.any(String) })
    }
    const signedOut = await h.signedIn()
    await complete(signedOut.client, 1)
    expect((await signedOut.client.post('/api/auth/sign-out')).status).toBe(200)
    await expectSignedOut(signedOut.client)

    const expired = await h.signedIn()
    await h.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, expired.user.id))
    await expectSignedOut(expired.client)

    const disabled = await h.signedIn()
    expect((await disabled.client.get('/api/progress')).status).toBe(200)
    await h.db.update(user).set({ banned: true }).where(eq(user.id, disabled.user.id))
    await expectSignedOut(disabled.client)
  })

  it('extends a session due for it, as every route does, and answers the progress with the new cookie', async () => {
    const { user: learner, client } = await h.signedIn()
    await complete(client, 3)
    // A session two days old: due for its daily extension.
    await h.db
      .update(session)
      .set({ expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE_SECONDS - 2 * 86_400})` })
      .where(eq(session.userId, learner.id))
    const response = await client.get('/api/progress')
    expect(response.status).toBe(200)
    expect(response.json.completedModuleNumbers).toEqual([3])
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^better-auth\.session_token=.+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/)])
    const [extended] = await h.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.userId, learner.id))
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_MAX_AGE_SECONDS - 60) * 1000)
    // Extended once: the next read sends no cookie.
    expect((await client.get('/api/progress')).headers.getSetCookie()).toEqual([])
  })
})

describe('PUT /api/progress/:module', () => {
  it('marks a module complete and answers the new progress', async () => {
    const { client } = await h.signedIn()
    const response = await complete(client, 3)
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      completedModuleNumbers: [3],
      completedCount: 1,
      percent: 13,
      minutesLeft: 75,
      nextModuleNumber: 1,
    })
    expect(response.json.modules).toEqual([{ moduleId: 'm3', moduleNumber: 3, completedAt: expect.any(String) }])
    expect((await client.get('/api/progress')).json.completedModuleNumbers).toEqual([3])
  })

  it('is idempotent: marking twice is one row and keeps the first completion time', async () => {
    const { user, client } = await h.signedIn()
    const first = await complete(client, 2)
    const second = await complete(client, 2)
    expect(second.status).toBe(200)
    expect(second.json.modules).toEqual(first.json.modules)
    expect(await rowsOf(user.id)).toEqual(['m2'])
  })

  it('marks a module incomplete, and unmarking an incomplete module is harmless', async () => {
    const { user, client } = await h.signedIn()
    await complete(client, 1)
    await complete(client, 4)
    const response = await complete(client, 1, false)
    expect(response.status).toBe(200)
    expect(response.json.completedModuleNumbers).toEqual([4])
    expect((await complete(client, 1, false)).json.completedModuleNumbers).toEqual([4])
    expect(await rowsOf(user.id)).toEqual(['m4'])
  })

  it('takes a module id as well as a position, and answers the same', async () => {
    const { user, client } = await h.signedIn()
    const byId = await complete(client, 'm5')
    expect(byId.status).toBe(200)
    expect(byId.json).toMatchObject({ completedModuleNumbers: [5], modules: [{ moduleId: 'm5', moduleNumber: 5 }] })
    expect((await complete(client, 5, false)).json.completedModuleNumbers).toEqual([])
    expect(await rowsOf(user.id)).toEqual([])
  })

  it.each(['0', '9', '01', '99999999999'])(
    'refuses module number %j, past the published course, with 400 and changes nothing',
    async (moduleNumber) => {
      const { user, client } = await h.signedIn()
      const response = await complete(client, moduleNumber)
      expect(response.status).toBe(400)
      expect(response.json.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Module number must be a whole number from 1 to 8',
      })
      expect(await rowsOf(user.id)).toEqual([])
    },
  )

  it.each(['1.5', '%201', 'a.b', 'm1%00', 'x'.repeat(65)])('refuses %j, neither a number nor an id, with 400', async (ref) => {
    const { user, client } = await h.signedIn()
    const response = await complete(client, ref)
    expect(response.status).toBe(400)
    expect(response.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Module must be a module number or a module id' })
    expect(await rowsOf(user.id)).toEqual([])
  })

  it.each(['abc', '-1', '1e0', 'm9'])('answers 404 for %j, an id no published module has, and changes nothing', async (ref) => {
    const { user, client } = await h.signedIn()
    const response = await complete(client, ref)
    expect(response.status).toBe(404)
    expect(response.json.error).toEqual({ code: 'NOT_FOUND', message: 'Module not found' })
    expect(await rowsOf(user.id)).toEqual([])
  })

  it.each([
    ['no completed field', {}],
    ['a string', { completed: 'true' }],
    ['a number', { completed: 1 }],
    ['null', { completed: null }],
    ['an extra field', { completed: true, moduleNumber: 2 }],
    ['an array', [true]],
  ])('refuses a body with %s with 400 and changes nothing', async (_label, body) => {
    const { user, client } = await h.signedIn()
    const response = await client.put('/api/progress/2', body)
    expect(response.status).toBe(400)
    expect(response.json.error.code).toBe('VALIDATION_FAILED')
    expect(await rowsOf(user.id)).toEqual([])
  })

  it('refuses a body that is not JSON, or not sent as JSON, with 400', async () => {
    const { user, client } = await h.signedIn()
    const response = await client.put('/api/progress/2', undefined, {
      rawBody: '{completed: true',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expect(response.json.error).toEqual({ code: expect.any(String), message: expect.any(String) })
    const notJson = await client.put('/api/progress/2', undefined, {
      rawBody: '{"completed":true}',
      headers: { 'content-type': 'text/plain' },
    })
    expect(notJson.status).toBe(400)
    expect(await rowsOf(user.id)).toEqual([])
  })

  it('is 401 for an anonymous visitor and 403 for a learner who must change the password', async () => {
    expect((await complete(h.client(), 1)).status).toBe(401)
    // Told to sign in whatever it sent, before its input is looked at.
    expect((await h.client().put('/api/progress/99', { completed: 'yes' })).status).toBe(401)
    const { user, client } = await h.signedIn({ isTemporary: true })
    const response = await complete(client, 1)
    expect(response.status).toBe(403)
    expect(response.json.error.code).toBe('PASSWORD_CHANGE_REQUIRED')
    expect(await rowsOf(user.id)).toEqual([])
  })

  // On PostgreSQL the session check and the toggle are one round trip
  // (docs/decisions/0073-progress-write-in-one-round-trip.md): the session rules stay those of every route.
  it('writes nothing for a session signed out, expired or of a disabled account, and answers the same 401', async () => {
    const expectRefused = async ({ user, client }: { user: { id: string }; client: TestClient }) => {
      const response = await complete(client, 4)
      expect(response.status).toBe(401)
      expect(response.json).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' }, requestId: expect.any(String) })
      expect(await rowsOf(user.id)).toEqual(['m1'])
    }
    const signedOut = await h.signedIn()
    await complete(signedOut.client, 1)
    expect((await signedOut.client.post('/api/auth/sign-out')).status).toBe(200)
    await expectRefused(signedOut)

    const expired = await h.signedIn()
    await complete(expired.client, 1)
    await h.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, expired.user.id))
    await expectRefused(expired)

    const disabled = await h.signedIn()
    await complete(disabled.client, 1)
    await h.db.update(user).set({ banned: true }).where(eq(user.id, disabled.user.id))
    await expectRefused(disabled)
  })

  it('extends a session due for it, as every route does, and answers the progress with the new cookie', async () => {
    const { user: learner, client } = await h.signedIn()
    await h.db
      .update(session)
      .set({ expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE_SECONDS - 2 * 86_400})` })
      .where(eq(session.userId, learner.id))
    const response = await complete(client, 6)
    expect(response.status).toBe(200)
    expect(response.json.completedModuleNumbers).toEqual([6])
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^better-auth\.session_token=.+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/)])
    const [extended] = await h.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.userId, learner.id))
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_MAX_AGE_SECONDS - 60) * 1000)
    expect((await complete(client, 6, false)).headers.getSetCookie()).toEqual([])
  })

  // JavaScript's trim() on one database, the toggle's SQL on PostgreSQL: the same name either way.
  it('issues the certificate under the name without the spaces around it, or the e-mail when there is no name', async () => {
    const recipientAfterCompleting = async (name: string) => {
      const { user: learner, client } = await h.signedIn()
      await h.db.update(user).set({ name }).where(eq(user.id, learner.id))
      for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect((await complete(client, n)).status).toBe(200)
      const [issued] = await h.db.select({ name: certificate.recipientName }).from(certificate).where(eq(certificate.userId, learner.id))
      return { issued: issued?.name, email: learner.email }
    }
    expect((await recipientAfterCompleting('\u00a0 Ada Broker\u3000\ufeff')).issued).toBe('Ada Broker')
    const nameless = await recipientAfterCompleting(' \u2003\t')
    expect(nameless.issued).toBe(nameless.email)
  })

  it('only ever touches the signed-in learner’s own progress', async () => {
    const alice = await h.signedIn()
    const bob = await h.signedIn()
    await complete(alice.client, 1)
    await complete(alice.client, 2)
    await complete(bob.client, 5)
    await complete(bob.client, 1, false)
    expect((await alice.client.get('/api/progress')).json.completedModuleNumbers).toEqual([1, 2])
    expect((await bob.client.get('/api/progress')).json.completedModuleNumbers).toEqual([5])
    await bob.client.delete('/api/progress')
    expect(await rowsOf(alice.user.id)).toEqual(['m1', 'm2'])
  })
})

describe('DELETE /api/progress', () => {
  it('clears every module of the learner', async () => {
    const { user, client } = await h.signedIn()
    for (const n of [1, 2, 3]) await complete(client, n)
    const response = await client.delete('/api/progress')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ completedCount: 0, minutesLeft: 90, nextModuleNumber: 1 })
    expect(await rowsOf(user.id)).toEqual([])
  })

  it('is 401 anonymous and 403 for a learner who must change the password', async () => {
    expect((await h.client().delete('/api/progress')).status).toBe(401)
    const { client } = await h.signedIn({ isTemporary: true })
    expect((await client.delete('/api/progress')).status).toBe(403)
  })
})
