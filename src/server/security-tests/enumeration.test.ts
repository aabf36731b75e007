// Suite 4 of docs/security.md: no account enumeration. Whether an e-mail has an account does not
// show in the answers of forgot-password or sign-in, nor in how long the reset answer takes to
// come: the e-mail goes out after the answer.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { verification } from '../db/schema'
import { disableUser, enableUser } from '../services/account-status'
import { createHarness, PUBLIC_URL, type Harness } from '../test/harness'
import { linkIn } from '../test/smtp-capture'

let h: Harness
let known: { email: string }
let disabled: { email: string }
beforeAll(async () => {
  h = await createHarness()
  known = await h.createUser()
  const toDisable = await h.createUser()
  await disableUser(h.db, toDisable.id)
  disabled = toDisable
})
afterAll(() => h?.close())

/**
 * What a caller can see of an answer: status, body and headers, but for the date and the
 * request's id, which differ on every request whoever asks.
 */
async function observed(url: string, body: unknown) {
  const answer = await h.client().post(url, body)
  const headers = Object.fromEntries([...answer.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'))
  const { requestId, ...rest } = (answer.json ?? {}) as { requestId?: string }
  if (answer.status >= 400) expect(requestId).toBe(answer.headers.get('x-request-id'))
  return { status: answer.status, body: rest, headers }
}

describe('no account enumeration', () => {
  it('forgot-password answers the same for a known, an unknown and a disabled account', async () => {
    const reset = (email: string) => observed('/api/auth/request-password-reset', { email })
    const forKnown = await reset(known.email)
    expect(forKnown.status).toBe(200)
    expect(forKnown.body).toEqual({ success: true, message: 'If this email exists in our system, check your email for the reset link' })
    expect(await reset('nobody-at-all@example.com')).toEqual(forKnown)
    expect(await reset(disabled.email)).toEqual(forKnown)
    // Let the background sends finish before the database closes.
    await h.smtp.waitFor(known.email)
  })

  it('sign-in answers a wrong password and an unknown e-mail alike, for a disabled account too', async () => {
    const signIn = (email: string) => observed('/api/auth/sign-in/email', { email, password: 'not the password 1' })
    const forKnown = await signIn(known.email)
    expect(forKnown.status).toBe(401)
    expect(forKnown.body).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } })
    expect(await signIn('nobody-at-all@example.com')).toEqual(forKnown)
    // Only the right password tells a disabled account so (and then it is the account holder asking).
    expect(await signIn(disabled.email)).toEqual(forKnown)
  })

  it('sends the reset e-mail off the request path: the answer comes while the mail server still holds it', async () => {
    const learner = await h.createUser()
    const release = h.smtp.hold()
    try {
      const answer = h.client().post('/api/auth/request-password-reset', { email: learner.email })
      // Were the send awaited, the answer would wait for the held mail server and never come first.
      const first = await Promise.race([
        answer.then((response) => response.status),
        h.smtp.waitFor(learner.email, () => true, 10_000).then(
          () => 'delivered before the answer',
          () => 'no answer after 10 s',
        ),
      ])
      expect(first).toBe(200)
      expect(h.smtp.messages.filter((mail) => mail.to.includes(learner.email))).toEqual([])
    } finally {
      release()
    }
    // Once the mail server takes it, the e-mail arrives: it was on its way all along.
    expect((await h.smtp.waitFor(learner.email)).subject).toMatch(/password/i)
  })
})

describe('a disabled account (a refund)', () => {
  const resetFor = (email: string) => h.client().post('/api/auth/request-password-reset', { email })
  const tokensOf = (userId: string) => h.db.select().from(verification).where(eq(verification.value, userId))
  const mailTo = (email: string) => h.smtp.messages.filter((mail) => mail.to.includes(email))

  it('gets no reset e-mail and no sign-in, with the answers any address gets; enabled again, it gets both back', async () => {
    const learner = await h.createUser()
    await disableUser(h.db, learner.id)

    const answer = await observed('/api/auth/request-password-reset', { email: learner.email })
    expect(answer).toEqual(await observed('/api/auth/request-password-reset', { email: 'nobody-either@example.com' }))
    expect(answer).toEqual(await observed('/api/auth/request-password-reset', { email: known.email }))
    // After the answer, the token Better Auth wrote (as for any account) is deleted, and nothing is sent.
    await vi.waitFor(async () => expect(await tokensOf(learner.id)).toEqual([]))
    // A mail requested after it arrives, so this one would have by now.
    const later = await h.createUser()
    await resetFor(later.email)
    await h.smtp.waitFor(later.email)
    expect(mailTo(learner.email)).toEqual([])
    const signIn = await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })
    expect(signIn.json.error.code).toBe('ACCOUNT_DISABLED')

    expect(await enableUser(h.db, learner.id)).toBe(true)
    expect((await resetFor(learner.email)).status).toBe(200)
    expect((await h.smtp.waitFor(learner.email)).subject).toMatch(/password/i)
    expect((await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })).status).toBe(200)
  })

  it('loses the reset links sent before it was disabled, for good', async () => {
    const learner = await h.createUser()
    await resetFor(learner.email)
    const token = new URL(linkIn(await h.smtp.waitFor(learner.email), PUBLIC_URL)).searchParams.get('token')!
    await disableUser(h.db, learner.id)
    await enableUser(h.db, learner.id)
    const reset = await h.client().post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' })
    expect(reset.status).toBe(400)
    expect(reset.json.error.code).toBe('INVALID_TOKEN')
    expect((await h.client().post('/api/auth/sign-in/email', { email: learner.email, password: learner.password })).status).toBe(200)
  })
})
