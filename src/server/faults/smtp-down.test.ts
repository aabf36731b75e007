import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { AdminUser } from '../../shared/api-types'
import { user } from '../db/schema'
import { retryLoginDetails } from '../services/login-details'
import { createHarness, type Harness, type TestClient } from '../test/harness'

// Fault 3 of docs/operations.md, "Faults the portal survives": the SMTP server is down when an
// account's login details are due. The account is made anyway, the admin list says the e-mail has
// not been delivered, and the e-mail is retried with a fresh temporary password (the first one was
// never delivered and is stored nowhere readable) until it goes out, once
// (docs/decisions/0086-login-details-retried.md). The SMTP server is real (smtp-capture), turning
// connections away with a 421 while "down"; the retry is called with the clock moved on, as the
// server's timer calls it.

const MINUTE = 60_000
let h: Harness
let admin: TestClient

beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
})
afterAll(() => h.close())
beforeEach(() => h.smtp.accept())

const deps = () => ({ db: h.db, mailer: h.mailer, env: h.env })
const mailsTo = (email: string) => h.smtp.messages.filter((mail) => mail.to.includes(email))
const passwordIn = (text: string) => /Temporary password: (\S+)/.exec(text)![1]!
const signIn = (email: string, password: string) => h.client().post('/api/auth/sign-in/email', { email, password })

async function listed(email: string): Promise<AdminUser> {
  const answer = await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`)
  expect(answer.status).toBe(200)
  const found = (answer.json as { users: AdminUser[] }).users.find((row) => row.email === email)
  expect(found).toBeDefined()
  return found!
}

async function createWhileSmtpIsDown() {
  const body = { email: `late-${randomUUID().slice(0, 8)}@example.com`, role: 'user', temporaryPassword: 'Temp!pass123', sendLoginDetails: true }
  h.smtp.refuse()
  const created = await admin.post('/api/admin/users', body)
  expect(created.status).toBe(201)
  expect(created.json.loginDetails).toBe('failed')
  return { ...body, id: (created.json.user as AdminUser).id }
}

const rowOf = async (id: string) => (await h.db.select().from(user).where(eq(user.id, id)))[0]!

it('creates the account, shows it pending, retries with backoff, and delivers exactly one working password once SMTP is back', async () => {
  const learner = await createWhileSmtpIsDown()
  expect((await listed(learner.email)).loginDetails).toBe('pending')
  const pending = await rowOf(learner.id)
  expect(pending.loginDetailsAttempts).toBe(1)
  expect(pending.loginDetailsLastError).toMatch(/421|not available/i)
  const firstDue = pending.loginDetailsNextAttemptAt!.getTime()
  expect(firstDue - pending.createdAt.getTime()).toBeGreaterThanOrEqual(MINUTE)

  // Not due yet: nothing is tried.
  expect(await retryLoginDetails(deps(), new Date(firstDue - 1000))).toBe(0)
  expect((await rowOf(learner.id)).loginDetailsAttempts).toBe(1)

  // Due a minute on, with SMTP still down: tried, failed again, the wait doubled.
  const secondTry = new Date(firstDue)
  expect(await retryLoginDetails(deps(), secondTry)).toBe(0)
  const afterSecond = await rowOf(learner.id)
  expect(afterSecond.loginDetails).toBe('pending')
  expect(afterSecond.loginDetailsAttempts).toBe(2)
  expect(afterSecond.loginDetailsNextAttemptAt!.getTime()).toBe(secondTry.getTime() + 2 * MINUTE)
  expect((await listed(learner.email)).loginDetails).toBe('pending')
  expect(await retryLoginDetails(deps(), new Date(secondTry.getTime() + MINUTE))).toBe(0)

  // SMTP back: the next due try delivers, once, however many processes try at the same moment.
  h.smtp.accept()
  const thirdTry = new Date(secondTry.getTime() + 2 * MINUTE + 1000)
  const delivered = await Promise.all([retryLoginDetails(deps(), thirdTry), retryLoginDetails(deps(), thirdTry)])
  expect(delivered.reduce((sum, n) => sum + n, 0)).toBe(1)
  const mail = await h.smtp.waitFor(learner.email, (m) => m.subject.startsWith('Your login details'))
  const password = passwordIn(mail.text)
  // A fresh password: the undelivered one no longer signs in, the e-mailed one does.
  expect(password).not.toBe(learner.temporaryPassword)
  expect((await signIn(learner.email, learner.temporaryPassword)).status).toBe(401)
  expect((await signIn(learner.email, password)).status).toBe(200)

  expect(await retryLoginDetails(deps(), new Date(thirdTry.getTime() + 24 * 60 * MINUTE))).toBe(0)
  expect(mailsTo(learner.email)).toHaveLength(1)
  expect((await listed(learner.email)).loginDetails).toBe('sent')
  const sent = await rowOf(learner.id)
  expect(sent.loginDetailsLastError).toBeNull()
  expect(sent.loginDetailsNextAttemptAt).toBeNull()
})

it('an e-mail delivered at creation is shown as sent and never retried', async () => {
  const email = `prompt-${randomUUID().slice(0, 8)}@example.com`
  const created = await admin.post('/api/admin/users', { email, role: 'user', temporaryPassword: 'Temp!pass123', sendLoginDetails: true })
  expect(created.json.loginDetails).toBe('sent')
  expect((await listed(email)).loginDetails).toBe('sent')
  await h.smtp.waitFor(email)
  expect(await retryLoginDetails(deps(), new Date(Date.now() + 24 * 60 * MINUTE))).toBe(0)
  expect(mailsTo(email)).toHaveLength(1)
})

it('a learner who chose their own password meanwhile (given the first one by hand) gets no e-mail and keeps it', async () => {
  const learner = await createWhileSmtpIsDown()
  const client = h.client()
  expect((await client.post('/api/auth/sign-in/email', { email: learner.email, password: learner.temporaryPassword })).status).toBe(200)
  expect((await client.put('/api/profile/password', { newPassword: 'A-chosen passphrase 42' })).status).toBe(200)

  h.smtp.accept()
  expect(await retryLoginDetails(deps(), new Date(Date.now() + 5 * MINUTE))).toBe(0)
  expect(mailsTo(learner.email)).toHaveLength(0)
  expect((await listed(learner.email)).loginDetails).toBeUndefined()
  expect((await signIn(learner.email, 'A-chosen passphrase 42')).status).toBe(200)
})
