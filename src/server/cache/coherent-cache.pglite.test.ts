// The coherent cache of sessions and progress on PGlite (docs/decisions/0061-coherent-cache-on-pglite.md):
// each request below that follows a change is one the cache would have answered, and it answers
// as the database does. Every test first shows the cache answering (its hit counters move), so
// none of them would pass by reading the database every time.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moduleProgress } from '../db/schema'
import { deliverPurchase } from '../test/purchase-delivery'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { cacheOf, type CacheStats } from './coherent-cache'

const WEBHOOK_SECRET = 'whsec-cache-0123456789abcdef0123456789abcdef'

let h: Harness
beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET })
})
afterAll(() => h?.close())

const stats = (): CacheStats => ({ ...cacheOf(h.db)!.stats })

/** Sends one request, which must be answered from the cache: the session, and the progress if `kinds` says so. */
async function expectHit(client: TestClient, url: string, kinds: { progress?: boolean } = {}) {
  const before = stats()
  const answer = await client.get(url)
  const after = stats()
  expect(after.sessionHits).toBe(before.sessionHits + 1)
  expect(after.sessionMisses).toBe(before.sessionMisses)
  if (kinds.progress) {
    expect(after.progressHits).toBe(before.progressHits + 1)
    expect(after.progressMisses).toBe(before.progressMisses)
  }
  return answer
}

/** Sends the request twice; the second must be answered from the cache, and answer as the first did. */
async function expectCached(client: TestClient, url: string, kinds: { progress?: boolean } = {}) {
  const first = await client.get(url)
  const second = await expectHit(client, url, kinds)
  expect(second.status).toBe(first.status)
  expect(second.json).toEqual(first.json)
  return second
}

const completedModules = async (client: TestClient) => {
  const answer = await client.get('/api/progress')
  expect(answer.status).toBe(200)
  return (answer.json.modules as { moduleNumber: number }[]).map((module) => module.moduleNumber)
}

it('is there: is PGlite’s handle cached, a repeated read is answered from memory', async () => {
  expect(cacheOf(h.db)).toBeDefined()
  const { client } = await h.signedIn()
  await expectCached(client, '/api/progress', { progress: true })
  await expectCached(client, '/api/profile')
})

describe('each revocation applies to the very next request, on the cached path', () => {
  it('sign-out', async () => {
    const learner = await h.createUser()
    const client = h.client()
    expect((await client.post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })).status).toBe(200)
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const other = await h.sessionFor(learner.id)
    await expectCached(client, '/api/progress', { progress: true })
    await expectCached(other, '/api/progress', { progress: true })

    expect((await client.post('/api/auth/sign-out')).status).toBe(200)
    expect((await h.app.request('/api/progress', { headers: { cookie } })).status).toBe(401)
    expect((await other.get('/api/progress')).status).toBe(200)
  })

  it('disabling the account (a refund)', async () => {
    const learner = await h.createUser()
    const client = await h.sessionFor(learner.id)
    await expectCached(client, '/api/progress', { progress: true })

    const refund = await deliverPurchase(h.app, WEBHOOK_SECRET, { event: 'purchase.refunded', email: learner.email })
    expect(await refund.json()).toMatchObject({ result: 'disabled' })
    expect((await client.get('/api/progress')).status).toBe(401)
  })

  it('demoting an admin: the admin routes refuse at once', async () => {
    const actor = await h.sessionFor((await h.createUser({ role: 'admin' })).id)
    const admin = await h.createUser({ role: 'admin' })
    const client = await h.sessionFor(admin.id)
    await expectCached(client, '/api/admin/users')

    expect((await actor.put(`/api/admin/users/${admin.id}/role`, { role: 'user' })).status).toBe(200)
    const refused = await client.get('/api/admin/users')
    expect(refused.status).toBe(403)
    expect(refused.json.error.code).toBe('FORBIDDEN')
  })

  it('deleting the account', async () => {
    const actor = await h.sessionFor((await h.createUser({ role: 'admin' })).id)
    const learner = await h.createUser()
    const client = await h.sessionFor(learner.id)
    await expectCached(client, '/api/progress', { progress: true })

    expect((await actor.delete(`/api/admin/users/${learner.id}`)).status).toBe(204)
    expect((await client.get('/api/progress')).status).toBe(401)
  })

  it('a password change: every other session ends, the one that changed it stays', async () => {
    const learner = await h.createUser()
    const [current, other] = await Promise.all([h.sessionFor(learner.id), h.sessionFor(learner.id)])
    await expectCached(current!, '/api/progress', { progress: true })
    await expectCached(other!, '/api/progress', { progress: true })

    const changed = await current!.put('/api/profile/password', { currentPassword: learner.password, newPassword: 'a changed password 1' })
    expect(changed.status).toBe(200)
    expect((await other!.get('/api/progress')).status).toBe(401)
    expect((await current!.get('/api/progress')).status).toBe(200)
  })

  it('a progress reset from another tab', async () => {
    const learner = await h.createUser()
    const [tab1, tab2] = await Promise.all([h.sessionFor(learner.id), h.sessionFor(learner.id)])
    for (const module of [1, 2]) expect((await tab2!.put(`/api/progress/${module}`, { completed: true })).status).toBe(200)
    await expectCached(tab1!, '/api/progress', { progress: true })
    expect(await completedModules(tab1!)).toEqual([1, 2])

    expect((await tab2!.delete('/api/progress')).status).toBe(200)
    expect(await completedModules(tab1!)).toEqual([])
  })
})

describe('progress', () => {
  it('a completion toggle checks its session from memory too', async () => {
    const { client } = await h.signedIn()
    await expectCached(client, '/api/profile')
    for (const completed of [true, false]) {
      const before = stats()
      expect((await client.put('/api/progress/1', { completed })).status).toBe(200)
      const after = stats()
      expect(after.sessionHits).toBe(before.sessionHits + 1)
      expect(after.sessionMisses).toBe(before.sessionMisses)
    }
    expect(await completedModules(client)).toEqual([])
  })

  it('written from one tab is read by the next request from another', async () => {
    const learner = await h.createUser()
    const [tab1, tab2] = await Promise.all([h.sessionFor(learner.id), h.sessionFor(learner.id)])
    await expectCached(tab1!, '/api/progress', { progress: true })

    expect((await tab2!.put('/api/progress/3', { completed: true })).status).toBe(200)
    expect(await completedModules(tab1!)).toEqual([3])
    expect((await tab2!.put('/api/progress/3', { completed: false })).status).toBe(200)
    expect(await completedModules(tab1!)).toEqual([])
  })

  it('one learner’s progress writes leave another learner’s session and progress cached', async () => {
    const { client: writer } = await h.signedIn()
    const { client: reader } = await h.signedIn()
    const cached = await expectCached(reader, '/api/progress', { progress: true })
    expect((await writer.put('/api/progress/1', { completed: true })).status).toBe(200)
    expect((await writer.delete('/api/progress')).status).toBe(200)
    expect((await expectHit(reader, '/api/progress', { progress: true })).json).toEqual(cached.json)
    // The writer's own session stays cached too: a progress write changes nothing a session holds.
    // (Their progress too: the reset answers with the rows it read back after committing.)
    expect((await expectHit(writer, '/api/progress', { progress: true })).json.modules).toEqual([])
  })

  it('a failed write leaves the cache as it was: a refused completion, and a transaction that throws', async () => {
    const { user, client } = await h.signedIn()
    expect((await client.put('/api/progress/2', { completed: true })).status).toBe(200)
    await expectCached(client, '/api/progress', { progress: true })

    expect((await client.put('/api/progress/99', { completed: true })).status).toBe(400)
    const rolledBack = h.db.transaction(async (tx) => {
      await tx.delete(moduleProgress).where(eq(moduleProgress.userId, user.id))
      throw new Error('refused after writing')
    })
    await expect(rolledBack).rejects.toThrow('refused after writing')

    // Still answered from memory, and still what the database holds.
    const cached = await expectHit(client, '/api/progress', { progress: true })
    expect(cached.status).toBe(200)
    expect(cached.json.modules.map((module: { moduleNumber: number }) => module.moduleNumber)).toEqual([2])
    const stored = await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, user.id))
    expect(stored.map((row) => row.moduleId)).toEqual(['m2'])
  })

  it('reads racing writes from another tab end on what the database holds', async () => {
    const learner = await h.createUser()
    const [reader, writer] = await Promise.all([h.sessionFor(learner.id), h.sessionFor(learner.id)])
    const writes = async () => {
      for (const [module, completed] of [[1, true], [2, true], [1, false], [3, true], [2, false], [4, true]] as const) {
        expect((await writer!.put(`/api/progress/${module}`, { completed })).status).toBe(200)
      }
    }
    const reads = async () => {
      for (let i = 0; i < 30; i++) expect((await reader!.get('/api/progress')).status).toBe(200)
    }
    await Promise.all([writes(), reads(), reads(), reads()])
    const stored = await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, learner.id))
    expect(stored.map((row) => row.moduleId).sort()).toEqual(['m3', 'm4'])
    expect(await completedModules(reader!)).toEqual([3, 4])
  })

  it('a read that began before a write committed is not kept', async () => {
    const { user, client } = await h.signedIn()
    const cache = cacheOf(h.db)!
    // A read whose answer predates a write that commits while it is under way.
    const stale = await cache.progress(user.id, async () => {
      const rows = await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, user.id))
      await h.db.insert(moduleProgress).values({ userId: user.id, moduleId: 'm4', completedAt: new Date() })
      return rows
    })
    expect(stale).toEqual([])
    const before = stats()
    expect(await completedModules(client)).toEqual([4])
    expect(stats().progressMisses).toBe(before.progressMisses + 1)
  })
})
