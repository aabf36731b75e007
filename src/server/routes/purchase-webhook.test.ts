import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { moduleProgress, purchaseEvent, user } from '../db/schema'
import { createMailer } from '../mail/mailer'
import { signDelivery } from '../services/webhook-signature'
import { createHarness, type Harness } from '../test/harness'

const SECRET = 'whsec-test-0123456789abcdef0123456789abcdef'
const WEBHOOK = '/api/integrations/purchases'

let h: Harness
beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET: SECRET })
})
afterAll(() => h.close())

let orderCount = 0
const newOrder = () => `ORD-${Date.now()}-${++orderCount}`
const now = () => String(Math.floor(Date.now() / 1000))

type Delivery = { body: string; timestamp?: string; signature?: string | null; app?: ReturnType<typeof createApp> }

/** A delivery as the marketplace sends it: no cookie, no Origin, signed unless told otherwise. */
async function deliver({ body, timestamp = now(), signature, app = h.app }: Delivery) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timestamp': timestamp }
  const sig = signature === undefined ? signDelivery(SECRET, timestamp, body) : signature
  if (sig !== null) headers['x-signature'] = sig
  const response = await app.request(WEBHOOK, { method: 'POST', headers, body })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : undefined }
}

const purchase = (fields: Record<string, unknown>) => JSON.stringify({ event: 'purchase.completed', ...fields })
const refund = (fields: Record<string, unknown>) => JSON.stringify({ event: 'purchase.refunded', ...fields })
const userByEmail = async (email: string) => (await h.db.select().from(user).where(eq(user.email, email)))[0]
const mailsTo = (email: string) => h.smtp.messages.filter((mail) => mail.to.includes(email))
const signIn = (email: string, password: string) => h.client().post('/api/auth/sign-in/email', { email, password })
const deliveriesOf = (orderId: string) =>
  h.db.select().from(purchaseEvent).where(eq(purchaseEvent.orderId, orderId)).orderBy(purchaseEvent.receivedAt)
const deliveryCount = async () => Number((await h.db.select({ n: count() }).from(purchaseEvent))[0]!.n)

async function temporaryPasswordFor(email: string) {
  const mail = await h.smtp.waitFor(email, (m) => m.subject.startsWith('Your login details'))
  return /Temporary password: (\S+)/.exec(mail.text)![1]!
}

describe('POST /api/integrations/purchases: the signature', () => {
  it('accepts a valid one: the learner is created and e-mailed, and signs in with the temporary password', async () => {
    const orderId = newOrder()
    const response = await deliver({ body: purchase({ orderId, email: 'Ada.Buyer@Example.com', fullName: 'Ada Buyer' }) })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ orderId, event: 'purchase.completed', result: 'created', replayed: false })
    expect(await userByEmail('ada.buyer@example.com')).toMatchObject({ name: 'Ada Buyer', role: 'user', mustChangePassword: true })

    const password = await temporaryPasswordFor('ada.buyer@example.com')
    const signedIn = await signIn('ada.buyer@example.com', password)
    expect(signedIn.status).toBe(200)
    expect(signedIn.json.mustChangePassword).toBe(true)
  })

  it.each([
    ['signed with another secret', { signature: signDelivery('another-secret-of-enough-length-000000', now(), '{}') }],
    ['without a signature', { signature: null }],
    ['with a signature that is not sha256=<hex>', { signature: 'deadbeef' }],
    ['without a timestamp', { timestamp: '' }],
  ])('refuses a delivery %s: 401, nothing created or recorded', async (_name, overrides) => {
    const email = `unsigned-${newOrder()}@example.com`.toLowerCase()
    const before = await deliveryCount()
    const response = await deliver({ body: purchase({ orderId: newOrder(), email }), ...overrides })
    expect(response.status).toBe(401)
    expect(response.json.error.code).toBe('UNAUTHORIZED')
    expect(await userByEmail(email)).toBeUndefined()
    expect(await deliveryCount()).toBe(before)
  })

  it('refuses a body changed after signing, and a timestamp changed after signing', async () => {
    const email = `tampered-${newOrder()}@example.com`.toLowerCase()
    const timestamp = now()
    const signed = purchase({ orderId: newOrder(), email })
    const signature = signDelivery(SECRET, timestamp, signed)
    expect((await deliver({ body: signed.replace('completed', 'refunded'), timestamp, signature })).status).toBe(401)
    expect((await deliver({ body: signed, timestamp: String(Number(timestamp) + 1), signature })).status).toBe(401)
    expect(await userByEmail(email)).toBeUndefined()
  })

  it.each([
    ['six minutes old', -360],
    ['six minutes ahead', 360],
  ])('refuses a stale timestamp, %s, even correctly signed', async (_name, offset) => {
    const email = `stale-${newOrder()}@example.com`.toLowerCase()
    const timestamp = String(Math.floor(Date.now() / 1000) + offset)
    const response = await deliver({ body: purchase({ orderId: newOrder(), email }), timestamp })
    expect(response.status).toBe(401)
    expect(response.json.error.message).toContain('more than 5 minutes')
    expect(await userByEmail(email)).toBeUndefined()
  })

  it('accepts a timestamp four minutes old', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000) - 240)
    const response = await deliver({ body: purchase({ orderId: newOrder(), email: `recent-${orderCount}@example.com` }), timestamp })
    expect(response.status).toBe(200)
  })

  it('answers 404 when no WEBHOOK_SECRET is configured, like any unknown API address', async () => {
    const app = createApp({ env: { ...h.env, webhookSecret: undefined }, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore })
    const before = await deliveryCount()
    const response = await deliver({ body: purchase({ orderId: newOrder(), email: 'nosecret@example.com' }), app })
    expect(response).toEqual({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'Not found' }, requestId: expect.any(String) } })
    expect(await userByEmail('nosecret@example.com')).toBeUndefined()
    expect(await deliveryCount()).toBe(before)
  })

  it('works with the curl + openssl recipe of docs/integrations.md, run as written', async () => {
    const docs = fs.readFileSync(new URL('../../../docs/integrations.md', import.meta.url), 'utf8')
    const recipe = [...docs.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).find((block) => block.includes('openssl dgst'))!
    // The shell runs the block with a stand-in for curl that prints its arguments; the test then
    // sends exactly those headers and body to the app.
    const printed = execFileSync('bash', ['--norc', '--noprofile', '-c', `curl() { printf '%s\\0' "$@"; }\n${recipe}`], {
      env: { PATH: process.env.PATH, WEBHOOK_SECRET: SECRET, PORTAL_URL: 'http://localhost:3000' },
      encoding: 'utf8',
    })
    const args = printed.split('\0')
    const headers = Object.fromEntries(
      args.flatMap((arg, i) => (args[i - 1] === '-H' ? [arg.split(/:\s*/, 2) as [string, string]] : [])),
    )
    const body = args[args.indexOf('--data-binary') + 1]!
    expect(args).toContain('http://localhost:3000/api/integrations/purchases')
    expect(headers['X-Signature']).toBe(signDelivery(SECRET, headers['X-Timestamp']!, body))

    const response = await h.app.request(WEBHOOK, { method: 'POST', headers, body })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ orderId: 'A-1001', event: 'purchase.completed', result: 'created', replayed: false })
    expect(await userByEmail('ada@example.com')).toMatchObject({ name: 'Ada Broker' })
  })
})

describe('purchase.completed', () => {
  it('is idempotent by order: a replay answers the same result, creates no second user and sends no second e-mail', async () => {
    const orderId = newOrder()
    const email = `replay-${orderId}@example.com`.toLowerCase()
    const body = purchase({ orderId, email })
    const first = await deliver({ body })
    await h.smtp.waitFor(email)
    const again = await deliver({ body: purchase({ orderId, email, fullName: 'Changed Name' }) })
    expect(first.json).toEqual({ orderId, event: 'purchase.completed', result: 'created', replayed: false })
    expect(again).toEqual({ status: 200, json: { ...first.json, replayed: true } })
    expect(await h.db.select().from(user).where(eq(user.email, email))).toHaveLength(1)
    expect((await userByEmail(email))!.name).toBe('')
    // The first e-mail went before the first answer; a second would have been sent before the second.
    expect(mailsTo(email)).toHaveLength(1)
    const recorded = await deliveriesOf(orderId)
    expect(recorded.map((d) => [d.result, d.replayOf])).toEqual([
      ['created', null],
      ['duplicate', recorded[0]!.id],
    ])
  })

  it('delivered twice at the same moment, creates one learner and sends one e-mail', async () => {
    const orderId = newOrder()
    const email = `together-${orderId}@example.com`.toLowerCase()
    const body = purchase({ orderId, email })
    const answers = await Promise.all([deliver({ body }), deliver({ body })])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(answers.map((a) => a.json.result)).toEqual(['created', 'created'])
    expect(answers.map((a) => a.json.replayed).sort()).toEqual([false, true])
    expect(await h.db.select().from(user).where(eq(user.email, email))).toHaveLength(1)
    await h.smtp.waitFor(email)
    expect(mailsTo(email)).toHaveLength(1)
  })

  it('keeps an existing account as it is: same password, same role, no e-mail', async () => {
    const existing = await h.createUser({ fullName: 'Already Here' })
    const response = await deliver({ body: purchase({ orderId: newOrder(), email: existing.email.toUpperCase(), fullName: 'Other' }) })
    expect(response.json.result).toBe('existing')
    expect(await userByEmail(existing.email)).toMatchObject({ name: 'Already Here', mustChangePassword: false, banned: false })
    expect((await signIn(existing.email, existing.password)).status).toBe(200)
    expect(mailsTo(existing.email)).toEqual([])
  })
})

describe('purchase.refunded', () => {
  it('disables the account: its session ends at once, it cannot sign in, its progress is kept; a new purchase re-enables it', async () => {
    const { user: buyer, client } = await h.signedIn()
    expect((await client.put('/api/progress/1', { completed: true })).status).toBe(200)
    const orderId = newOrder()
    expect((await deliver({ body: purchase({ orderId, email: buyer.email }) })).json.result).toBe('existing')

    const refunded = await deliver({ body: refund({ orderId, email: buyer.email }) })
    expect(refunded.json).toEqual({ orderId, event: 'purchase.refunded', result: 'disabled', replayed: false })
    expect((await client.get('/api/progress')).status).toBe(401)
    const signIn1 = await signIn(buyer.email, buyer.password)
    expect(signIn1.status).toBe(403)
    expect(signIn1.json.error).toEqual({ code: 'ACCOUNT_DISABLED', message: 'Your account has been disabled. Please contact support.' })
    expect(await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, buyer.id))).toHaveLength(1)

    // The same refund again: the same answer, replayed.
    expect((await deliver({ body: refund({ orderId, email: buyer.email }) })).json).toMatchObject({ result: 'disabled', replayed: true })

    const rebought = await deliver({ body: purchase({ orderId: newOrder(), email: buyer.email }) })
    expect(rebought.json.result).toBe('reenabled')
    expect((await signIn(buyer.email, buyer.password)).status).toBe(200)
  })

  it('disables the account the order created even after its e-mail changed', async () => {
    const orderId = newOrder()
    const email = `moved-${orderId}@example.com`.toLowerCase()
    await deliver({ body: purchase({ orderId, email }) })
    const created = (await userByEmail(email))!
    await h.db.update(user).set({ email: `new-${email}` }).where(eq(user.id, created.id))
    expect((await deliver({ body: refund({ orderId, email }) })).json.result).toBe('disabled')
    expect((await h.db.select().from(user).where(eq(user.id, created.id)))[0]!.banned).toBe(true)
  })

  it('a refund that arrives before its purchase: the purchase then creates nothing', async () => {
    const orderId = newOrder()
    const email = `early-${orderId}@example.com`.toLowerCase()
    expect((await deliver({ body: refund({ orderId, email }) })).json.result).toBe('no_account')
    expect((await deliver({ body: purchase({ orderId, email }) })).json.result).toBe('already_refunded')
    expect(await userByEmail(email)).toBeUndefined()
  })

  it('never disables an admin', async () => {
    const admin = await h.createUser({ role: 'admin' })
    expect((await deliver({ body: refund({ orderId: newOrder(), email: admin.email }) })).json.result).toBe('admin_kept')
    expect((await signIn(admin.email, admin.password)).status).toBe(200)
  })
})

describe('bad deliveries', () => {
  it.each([
    [{ event: 'purchase.disputed', orderId: 'X', email: 'a@example.com' }, 'event must be purchase.completed or purchase.refunded'],
    [{ event: 'purchase.completed', email: 'a@example.com' }, 'orderId is required'],
    [{ event: 'purchase.completed', orderId: '  ', email: 'a@example.com' }, 'orderId is required'],
    [{ event: 'purchase.completed', orderId: 'X', email: 'not-an-email' }, 'Invalid email format'],
    [{ event: 'purchase.completed', orderId: 'X', email: 'a@example.com', fullName: 'n'.repeat(101) }, 'Name must be less than 100 characters'],
  ])('refuses %j with 400 and the reason, records it as rejected, creates nothing', async (fields, message) => {
    const before = Number((await h.db.select({ n: count() }).from(user))[0]!.n)
    const response = await deliver({ body: JSON.stringify(fields) })
    expect(response.status).toBe(400)
    expect(response.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message })
    expect(Number((await h.db.select({ n: count() }).from(user))[0]!.n)).toBe(before)
    const [latest] = await h.db.select().from(purchaseEvent).where(eq(purchaseEvent.result, 'rejected')).orderBy(purchaseEvent.receivedAt)
    expect(latest).toBeDefined()
  })

  it('refuses a body that is not JSON', async () => {
    const response = await deliver({ body: 'event=purchase.completed' })
    expect(response.status).toBe(400)
    expect(response.json.error).toEqual({ code: 'BAD_REQUEST', message: 'The body must be a JSON object.' })
  })

  it('a rejected delivery does not claim its order: the corrected delivery goes through', async () => {
    const orderId = newOrder()
    expect((await deliver({ body: purchase({ orderId, email: 'broken' }) })).status).toBe(400)
    const fixed = await deliver({ body: purchase({ orderId, email: `fixed-${orderId}@example.com` }) })
    expect(fixed.json).toMatchObject({ result: 'created', replayed: false })
    expect((await deliveriesOf(orderId)).map((d) => d.result)).toEqual(['rejected', 'created'])
  })

  it('creates the learner even when the e-mail cannot be sent, and the delivery says so', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: h.env.mailFrom, dataDir: h.env.dataDir })
    const app = createApp({ env: h.env, db: h.db, auth: h.auth, mailer, authSecret: h.authSecret, courseStore: h.courseStore })
    const orderId = newOrder()
    const email = `nomail-${orderId}@example.com`.toLowerCase()
    expect((await deliver({ body: purchase({ orderId, email }), app })).json.result).toBe('created')
    expect(await userByEmail(email)).toBeDefined()
    const [recorded] = await h.db
      .select()
      .from(purchaseEvent)
      .where(and(eq(purchaseEvent.orderId, orderId), eq(purchaseEvent.result, 'created')))
    expect(recorded!.detail).toContain("'Forgot your password?'")
  })
})

describe('GET /api/admin/integrations/purchases', () => {
  it('shows the endpoint to give the marketplace, that a secret is set (never the secret), and the newest deliveries', async () => {
    const orderId = newOrder()
    await deliver({ body: refund({ orderId, email: `nobody-${orderId}@example.com` }) })
    const admin = await h.clientAs('admin')
    const response = await admin.get('/api/admin/integrations/purchases')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      endpointUrl: 'http://localhost:3000/api/integrations/purchases',
      isConfigured: true,
      page: 1,
      pageSize: 50,
    })
    expect(response.json.total).toBe(await deliveryCount())
    expect(response.json.deliveries[0]).toEqual({
      id: expect.any(String),
      receivedAt: expect.any(String),
      event: 'purchase.refunded',
      orderId,
      email: `nobody-${orderId}@example.com`.toLowerCase(),
      result: 'no_account',
      replayOf: null,
      detail: null,
    })
    expect(response.text).not.toContain(SECRET)
  })

  it('says when no secret is configured', async () => {
    const app = createApp({ env: { ...h.env, webhookSecret: undefined }, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore })
    const admin = await h.clientAs('admin')
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await app.request('/api/admin/integrations/purchases', { headers: { cookie } })
    expect((await response.json()).isConfigured).toBe(false)
  })

  it('refuses a bad page with 400', async () => {
    const response = await (await h.clientAs('admin')).get('/api/admin/integrations/purchases?page=-1')
    expect(response.status).toBe(400)
    expect(response.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Page must be a whole number from 1' })
  })
})
