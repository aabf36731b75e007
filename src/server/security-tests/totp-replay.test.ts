import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema'
import { authenticatorFromUri, createHarness, type Harness, type TestClient } from '../test/harness'

// Each authenticator code works once (OWASP ASVS): a code already used, to sign in or to turn
// two-factor sign-in on, is refused as a wrong code is, within the whole time it would otherwise
// be accepted (docs/decisions/0084-watch-length-and-one-time-codes.md).

let h: Harness
const TWO_FACTOR = '/api/auth/two-factor'
const SESSION_COOKIE = 'better-auth.session_token'
const WRONG_CODE = {
  code: 'INVALID_CODE',
  message: 'That code is not right. Check your authenticator app and try again.',
  issues: [{ path: 'code', message: 'That code is not right. Check your authenticator app and try again.' }],
}

beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const enrolled = () => h.createUser({ hasTwoFactor: true })

/** A browser that gave the right password and is asked for a code. */
async function waitingForCode(person: { email: string; password: string }): Promise<TestClient> {
  const client = h.client()
  const first = await client.post('/api/auth/sign-in/email', { email: person.email, password: person.password })
  expect(first.json).toEqual({ twoFactorRequired: true })
  return client
}

const failedCodeSteps = async (userId: string) =>
  (await h.db.select().from(auditLog).where(eq(auditLog.targetId, userId))).filter((entry) => entry.action === 'sign_in_failed').length

describe('an authenticator code', () => {
  it('signs in once: the same code again is refused as a wrong code, and gives no session', async () => {
    const learner = await enrolled()
    const code = learner.twoFactor!.authenticator.generate()
    const first = await waitingForCode(learner)
    const accepted = await first.post(`${TWO_FACTOR}/verify-totp`, { code })
    expect(accepted.status, accepted.text).toBe(200)
    expect(first.cookies.has(SESSION_COOKIE)).toBe(true)

    // Someone who saw the code (over a shoulder, through a phishing page) types it in time.
    const second = await waitingForCode(learner)
    const replayed = await second.post(`${TWO_FACTOR}/verify-totp`, { code })
    expect(replayed.status).toBe(401)
    expect(replayed.json.error).toEqual(WRONG_CODE)
    expect(second.cookies.has(SESSION_COOKIE)).toBe(false)
    expect((await second.get('/api/profile')).status).toBe(401)
    expect(await failedCodeSteps(learner.id)).toBe(1)

    // The app's next code is a new one, and works.
    const next = learner.twoFactor!.authenticator.generate({ timestamp: Date.now() + 30_000 })
    expect((await second.post(`${TWO_FACTOR}/verify-totp`, { code: next })).status).toBe(200)
    expect((await second.get('/api/profile')).json.id).toBe(learner.id)
  })

  it('used twice at the same moment, signs in once', async () => {
    const learner = await enrolled()
    const code = learner.twoFactor!.authenticator.generate()
    const browsers = await Promise.all([waitingForCode(learner), waitingForCode(learner), waitingForCode(learner)])
    const answers = await Promise.all(browsers.map((browser) => browser.post(`${TWO_FACTOR}/verify-totp`, { code })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401])
    expect(browsers.filter((browser) => browser.cookies.has(SESSION_COOKIE))).toHaveLength(1)
  })

  it('that turned two-factor sign-in on cannot sign in afterwards', async () => {
    const { user: learner, client } = await h.signedIn()
    const setup = await client.post(`${TWO_FACTOR}/enable`, { password: learner.password })
    expect(setup.status, setup.text).toBe(200)
    const app = authenticatorFromUri(setup.json.totpUri)
    const code = app.generate()
    const confirmed = await client.post(`${TWO_FACTOR}/confirm`, { code })
    expect(confirmed.status, confirmed.text).toBe(200)

    const other = await waitingForCode(learner)
    const replayed = await other.post(`${TWO_FACTOR}/verify-totp`, { code })
    expect(replayed.status).toBe(401)
    expect(replayed.json.error).toEqual(WRONG_CODE)
    expect(other.cookies.has(SESSION_COOKIE)).toBe(false)
    const next = app.generate({ timestamp: Date.now() + 30_000 })
    expect((await other.post(`${TWO_FACTOR}/verify-totp`, { code: next })).status).toBe(200)
  })
})
