// Suite 4 of docs/security.md: no account enumeration. Whether an e-mail has an account does not
// show in the answers of forgot-password or sign-in, nor in how long the reset answer takes to
// come: the e-mail goes out after the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disableUser } from '../services/account-status'
import { createHarness, type Harness } from '../test/harness'

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

/** What a caller can see of an answer: status, body and headers other than the date. */
async function observed(url: string, body: unknown) {
  const answer = await h.client().post(url, body)
  const headers = Object.fromEntries([...answer.headers].filter(([name]) => name !== 'date'))
  return { status: answer.status, body: answer.json, headers }
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
