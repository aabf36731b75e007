// Suite 10 of docs/security.md: no secret in a log line. Every harness-based suite (these
// security suites among them) runs with the server's log captured at every level, and its
// harness fails the file if a password, temporary password, session token, cookie value, TOTP
// secret, recovery code, webhook secret, metrics token or reset token it handled is in a line
// (src/server/test/harness.ts). This file runs the flows that handle each, and proves the scan
// would see a leak.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logger } from '../observability/logger'
import { signDelivery } from '../services/webhook-signature'
import { SecretRegistry } from '../test/log-scan'
import { createHarness, PUBLIC_URL, type Harness } from '../test/harness'
import { linkIn } from '../test/smtp-capture'

const WEBHOOK_SECRET = randomBytes(32).toString('base64url')
const METRICS_TOKEN = randomBytes(32).toString('base64url')

let h: Harness
beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET, METRICS: 'on', METRICS_TOKEN })
})
afterAll(() => h?.close())

describe('the scan', () => {
  it('finds a secret in a line as written or JSON-escaped, and names its kind', () => {
    const registry = new SecretRegistry()
    registry.add('password', 'Pass"word-1\\x')
    registry.add('too short to tell from chance', '123456')
    expect(registry.findIn(['{"msg":"signed in with Pass\\"word-1\\\\x"}'])).toEqual([
      { kind: 'password', line: '{"msg":"signed in with Pass\\"word-1\\\\x"}' },
    ])
    expect(registry.findIn(['{"requestId":"a-123456-b"}'])).toEqual([])
  })

  it('sees a secret a careless line would print, and pino’s redaction hides one put under a secret’s name', async () => {
    const learner = await h.createUser({ password: 'Careless-Line-Password-1' })
    const before = h.logLines.length
    logger.info({ password: learner.password, user: { token: learner.password } }, 'a structured line')
    expect(h.logLines.slice(before).join()).toContain('[redacted]')
    expect(await h.secretsInLog()).toEqual([])
    logger.info(`a careless line: ${learner.password}`)
    expect(await h.secretsInLog()).toEqual([{ kind: 'password', line: expect.stringContaining('a careless line') }])
    h.logLines.splice(before)
  })
})

describe('flows that handle every kind of secret leave none in the log', () => {
  it('sign-in, a wrong password, the reset e-mail and its link, a new password, sign-out', async () => {
    const learner = await h.createUser({ password: 'First-Password-To-Hide-1' })
    const before = h.logLines.length
    const client = h.client()
    expect((await client.post('/api/auth/sign-in/email', { email: learner.email, password: 'Wrong-Password-To-Hide-1' })).status).toBe(401)
    expect((await client.post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })).status).toBe(200)
    expect((await client.post('/api/auth/sign-out')).status).toBe(200)
    expect((await h.client().post('/api/auth/request-password-reset', { email: learner.email })).status).toBe(200)
    const mail = await h.smtp.waitFor(learner.email)
    const token = new URL(linkIn(mail, PUBLIC_URL)).searchParams.get('token')!
    const reset = await h.client().post('/api/auth/reset-password', { token, newPassword: 'Second-Password-To-Hide-2' })
    expect(reset.status).toBe(200)
    // The used token again, and a made-up one.
    expect((await h.client().post('/api/auth/reset-password', { token, newPassword: 'Third-Password-To-Hide-3' })).status).toBe(400)
    // A line for each of the six requests, at least.
    expect(h.logLines.length - before).toBeGreaterThanOrEqual(6)
    expect(await h.secretsInLog()).toEqual([])
  })

  it('two-factor set-up and sign-in with a code; an admin’s temporary password e-mailed', async () => {
    const { user, client } = await h.signedIn({ password: 'Two-Factor-Password-1' })
    const setup = await client.post('/api/auth/two-factor/enable', { password: user.password })
    expect(setup.status).toBe(200)
    const withCode = await h.createUser({ password: 'Two-Factor-Password-2', hasTwoFactor: true })
    await h.signIn(withCode.email, withCode.password)
    const admin = await h.clientAs('admin')
    const email = `temp-${randomBytes(3).toString('hex')}@example.com`
    const body = { email, fullName: 'Tess Temporary', role: 'user', temporaryPassword: 'Temp!Hide-1234', sendLoginDetails: true }
    expect((await admin.post('/api/admin/users', body)).status).toBe(201)
    await h.smtp.waitFor(email)
    expect(await h.secretsInLog()).toEqual([])
  })

  it('a signed webhook delivery, a forged one, and metrics scrapes with and without the token', async () => {
    const body = JSON.stringify({ event: 'purchase.completed', orderId: `o-${randomBytes(4).toString('hex')}`, email: `buyer-${randomBytes(3).toString('hex')}@example.com`, fullName: 'Bea Buyer' })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const headers = { 'content-type': 'application/json', 'x-timestamp': timestamp }
    const signed = await h.client().request('POST', '/api/integrations/purchases', { rawBody: body, headers: { ...headers, 'x-signature': signDelivery(WEBHOOK_SECRET, timestamp, body) } })
    expect(signed.status).toBe(200)
    // The buyer's login details, with a temporary password, went out by e-mail.
    await h.smtp.waitFor(JSON.parse(body).email)
    const forged = await h.client().request('POST', '/api/integrations/purchases', { rawBody: body, headers: { ...headers, 'x-signature': 'f'.repeat(64) } })
    expect(forged.status).toBe(401)
    expect((await h.client().get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200)
    expect((await h.client().get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}-wrong` } })).status).toBe(401)
    expect(await h.secretsInLog()).toEqual([])
  })
})
