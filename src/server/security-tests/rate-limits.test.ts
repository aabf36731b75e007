import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import { rateLimit } from '../db/schema'
import type { Env } from '../env'
import { createHarness, TestClient, type Harness } from '../test/harness'

// Suite 3 of docs/security.md: sign-in and reset requests are limited per client address and per
// account, in the database. Small limits keep the suite quick; the mechanism is the one production
// runs.
const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: '900',
  RATE_LIMIT_SIGN_IN_PER_IP: '5',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '2',
  RATE_LIMIT_RESET_PER_IP: '5',
  RATE_LIMIT_RESET_PER_ACCOUNT: '2',
}
const LIMITED = {
  error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 15 minutes and try again.' },
  requestId: expect.any(String),
}

let h: Harness
beforeAll(async () => {
  h = await createHarness(LIMITS)
})
afterAll(() => h.close())
// Every in-process request has the same address: each test starts from empty counters.
beforeEach(async () => {
  await h.db.delete(rateLimit)
})

/** The same portal on the same database with other settings (a second app, as a second process would be). */
function clientWith(env: Partial<Env>): () => TestClient {
  const app = createApp({ env: { ...h.env, ...env }, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore })
  return () => new TestClient(app)
}

const unknownEmail = () => `nobody-${randomBytes(4).toString('hex')}@example.com`
const signIn = (client: TestClient, email: string, password: string, headers?: Record<string, string>) =>
  client.post('/api/auth/sign-in/email', { email, password }, { headers })
const requestReset = (client: TestClient, email: string) => client.post('/api/auth/request-password-reset', { email })

function expectLimited(response: Awaited<ReturnType<typeof signIn>>) {
  expect(response.status).toBe(429)
  expect(response.json).toEqual(LIMITED)
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(890)
  expect(retryAfter).toBeLessThanOrEqual(900)
  expect(response.headers.getSetCookie()).toEqual([])
}

describe('sign-in', () => {
  it('limits failed attempts per account: the next one is refused even with the right password', async () => {
    const learner = await h.createUser()
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await signIn(h.client(), learner.email, 'wrong password')).status).toBe(401)
    }
    const client = h.client()
    expectLimited(await signIn(client, learner.email, learner.password))
    expect((await client.get('/api/profile')).status).toBe(401)
    // The e-mail is the account, in any case; another account is not affected.
    expectLimited(await signIn(h.client(), learner.email.toUpperCase(), learner.password))
    const other = await h.createUser()
    expect((await signIn(h.client(), other.email, other.password)).status).toBe(200)
  })

  it('limits an unknown e-mail exactly like a known one', async () => {
    const email = unknownEmail()
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await signIn(h.client(), email, 'wrong password')).status).toBe(401)
    }
    expectLimited(await signIn(h.client(), email, 'wrong password'))
  })

  it('counts only failures: successful sign-ins give their slot back', async () => {
    const learner = await h.createUser()
    // More than both the account's (2) and the address's (5) limit.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await signIn(h.client(), learner.email, learner.password)).status).toBe(200)
    }
    const [row] = await h.db.select().from(rateLimit).where(sql`${rateLimit.key} like 'sign-in:account:%'`)
    expect(row?.count).toBe(0)
  })

  it('holds against a burst: of 10 parallel attempts exactly the limit gets through', async () => {
    const learner = await h.createUser()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signIn(h.client(), learner.email, 'wrong password')),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([401, 401, ...Array<number>(8).fill(429)])
  })

  it('limits failed attempts per address across accounts; a spoofed X-Forwarded-For changes nothing', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await signIn(h.client(), unknownEmail(), 'wrong password', {
        'x-forwarded-for': `203.0.113.${attempt}`,
      })
      expect(response.status).toBe(401)
    }
    expectLimited(await signIn(h.client(), unknownEmail(), 'wrong password', { 'x-forwarded-for': '198.51.100.7' }))
    // The limit is on the address: a real account from it is refused too.
    const learner = await h.createUser()
    expectLimited(await signIn(h.client(), learner.email, learner.password))
  })

  it('behind a trusted proxy counts the address the proxy saw, not what the client wrote before it', async () => {
    const viaProxy = clientWith({ trustProxy: true })
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const spoofed = `10.9.8.${attempt}, 203.0.113.50`
      expect((await signIn(viaProxy(), unknownEmail(), 'x-wrong-1', { 'x-forwarded-for': spoofed })).status).toBe(401)
    }
    expectLimited(await signIn(viaProxy(), unknownEmail(), 'x-wrong-1', { 'x-forwarded-for': '1.1.1.1, 203.0.113.50' }))
    // Another client behind the same proxy has its own count.
    const learner = await h.createUser()
    const other = await signIn(viaProxy(), learner.email, learner.password, { 'x-forwarded-for': '203.0.113.51' })
    expect(other.status).toBe(200)
  })

  it('counts an IPv6 client by its /64, so new addresses from it do not reset the count', async () => {
    const viaProxy = clientWith({ trustProxy: true })
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const address = `2001:db8:1:2::${attempt + 1}`
      expect((await signIn(viaProxy(), unknownEmail(), 'x-wrong-1', { 'x-forwarded-for': address })).status).toBe(401)
    }
    expectLimited(await signIn(viaProxy(), unknownEmail(), 'x-wrong-1', { 'x-forwarded-for': '2001:DB8:1:2:ffff::9' }))
    const elsewhere = await signIn(viaProxy(), unknownEmail(), 'x-wrong-1', { 'x-forwarded-for': '2001:db8:1:3::1' })
    expect(elsewhere.status).toBe(401)
  })

  it('opens again when the window has passed, and counts from one', async () => {
    const learner = await h.createUser()
    for (let attempt = 0; attempt < 2; attempt += 1) await signIn(h.client(), learner.email, 'wrong password')
    expectLimited(await signIn(h.client(), learner.email, learner.password))

    await h.db.update(rateLimit).set({ resetAt: sql`now() - interval '1 second'` })
    expect((await signIn(h.client(), learner.email, 'wrong password')).status).toBe(401)
    const rows = await h.db.select().from(rateLimit)
    expect(rows.map((row) => row.count)).toEqual([1, 1])
    expect(rows.every((row) => row.resetAt.getTime() > Date.now() + 890_000)).toBe(true)
    expect((await signIn(h.client(), learner.email, learner.password)).status).toBe(200)
  })

  it('deletes expired counters along the way', async () => {
    await h.db.insert(rateLimit).values({ key: 'sign-in:ip:192.0.2.1', count: 40, resetAt: sql`now() - interval '1 hour'` })
    // A fresh process (its first limited request cleans up).
    await signIn(clientWith({})(), unknownEmail(), 'wrong password')
    const keys = (await h.db.select().from(rateLimit)).map((row) => row.key)
    expect(keys).toHaveLength(2)
    expect(keys).not.toContain('sign-in:ip:192.0.2.1')
  })

  it('a limit set to 0 is off', async () => {
    const unlimited = clientWith({
      rateLimits: { windowSeconds: 900, signInPerIp: 0, signInPerAccount: 0, resetPerIp: 0, resetPerAccount: 0 },
    })
    const email = unknownEmail()
    // Past every limit of the suite (2 per account, 5 per address).
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await signIn(unlimited(), email, 'wrong password')).status).toBe(401)
      expect((await requestReset(unlimited(), email)).status).toBe(200)
    }
    expect(await h.db.select().from(rateLimit)).toEqual([])
  })
})

describe('password-reset requests', () => {
  it('are limited per account, known or not, with the same answer', async () => {
    const learner = await h.createUser()
    for (const email of [learner.email, unknownEmail()]) {
      await h.db.delete(rateLimit)
      expect((await requestReset(h.client(), email)).status).toBe(200)
      expect((await requestReset(h.client(), email)).status).toBe(200)
      expectLimited(await requestReset(h.client(), email))
    }
    // The two allowed requests for the real account sent their e-mails (off the request path).
    await h.smtp.waitFor(learner.email, () => h.smtp.messages.filter((mail) => mail.to === learner.email).length === 2)
  })

  it('are limited per address across accounts', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await requestReset(h.client(), unknownEmail())).status).toBe(200)
    }
    expectLimited(await requestReset(h.client(), unknownEmail()))
  })
})

describe('the code step of a two-factor sign-in', () => {
  /** A sign-in whose password was right, waiting for its code (the password step gave its slot back). */
  async function pendingSignIn(learner: { email: string; password: string }) {
    const client = h.client()
    expect((await signIn(client, learner.email, learner.password)).json).toEqual({ twoFactorRequired: true })
    return client
  }
  const enrolled = async () => {
    const learner = await h.createUser({ hasTwoFactor: true })
    const app = learner.twoFactor!.authenticator
    return { learner, code: () => app.generate(), wrongCode: () => String((Number(app.generate()) + 1) % 1_000_000).padStart(6, '0') }
  }
  const verify = (client: TestClient, code: string) => client.post('/api/auth/two-factor/verify-totp', { code })

  it('limits wrong codes per account, across sign-ins: the next one is refused even with the right code', async () => {
    const { learner, code, wrongCode } = await enrolled()
    const client = await pendingSignIn(learner)
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await verify(client, wrongCode())).status).toBe(401)
    expectLimited(await verify(client, code()))
    expect((await client.get('/api/profile')).status).toBe(401)
    // Signing in again with the password does not reset the account's count.
    expectLimited(await verify(await pendingSignIn(learner), code()))
    // A recovery code counts the same way.
    const recovery = await (await pendingSignIn(learner)).post('/api/auth/two-factor/verify-recovery-code', {
      code: learner.twoFactor!.recoveryCodes[0],
    })
    expectLimited(recovery)
    // Another account is not affected (its address's count, filled by the attempts above, is the next test's).
    await h.db.delete(rateLimit).where(sql`${rateLimit.key} like 'two-factor:ip:%'`)
    const other = await enrolled()
    expect((await verify(await pendingSignIn(other.learner), other.code())).status).toBe(200)
  })

  it('counts only wrong codes: right ones give their slot back', async () => {
    const { learner, code } = await enrolled()
    // A code signs in once (security-tests/totp-replay.test.ts): each sign-in waits for the app's next one.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    try {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        vi.setSystemTime(Date.now() + 30_000)
        expect((await verify(await pendingSignIn(learner), code())).status).toBe(200)
      }
    } finally {
      vi.useRealTimers()
    }
    const rows = await h.db.select().from(rateLimit).where(sql`${rateLimit.key} like 'two-factor:%'`)
    expect(rows.map((row) => row.count)).toEqual([0, 0])
  })

  it('limits wrong codes per address across accounts, in counters apart from the password’s', async () => {
    const people = await Promise.all([enrolled(), enrolled(), enrolled()])
    for (const [index, person] of people.entries()) {
      const client = await pendingSignIn(person.learner)
      // 2 + 2 + 1: under each account's limit of 2, at the address's limit of 5.
      for (let attempt = 0; attempt < (index === 2 ? 1 : 2); attempt += 1) {
        expect((await verify(client, person.wrongCode())).status).toBe(401)
      }
    }
    const last = people[2]!
    expectLimited(await verify(await pendingSignIn(last.learner), last.code()))
    // The password step has its own count: it still answers (no slot was taken by the codes).
    expect((await signIn(h.client(), last.learner.email, last.learner.password)).status).toBe(200)
  })

  it('refuses a code step without a sign-in waiting for it by the address count alone', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify(h.client(), '123456')).json.error.code).toBe('SIGN_IN_EXPIRED')
    }
    expectLimited(await verify(h.client(), '123456'))
    expect((await h.db.select().from(rateLimit).where(sql`${rateLimit.key} like 'two-factor:account:%'`)).length).toBe(0)
  })
})
