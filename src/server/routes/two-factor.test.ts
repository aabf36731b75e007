import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRUST_DEVICE_IDENTIFIER_PREFIX } from '../auth/better-auth-formats'
import { twoFactor, user, verification } from '../db/schema'
import { apiRoutes } from '../security-tests/support'
import { disableUser } from '../services/account-status'
import { snapshotDb } from '../test/db-snapshot'
import { authenticatorFor, authenticatorFromUri, createHarness, type Harness, type TestClient } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const TWO_FACTOR = '/api/auth/two-factor'
const SESSION_COOKIE = 'better-auth.session_token'
const CHALLENGE_COOKIE = 'better-auth.two_factor'
const TRUST_COOKIE = 'better-auth.trust_device'

type Person = Awaited<ReturnType<Harness['createUser']>>
type Enrolled = Person & { twoFactor: NonNullable<Person['twoFactor']> }

const enrolledUser = async (input: Parameters<Harness['createUser']>[0] = {}) =>
  (await h.createUser({ ...input, hasTwoFactor: true })) as Enrolled
const signInFirst = (client: TestClient, person: { email: string; password: string }) =>
  client.post('/api/auth/sign-in/email', { email: person.email, password: person.password })
const userRow = async (id: string) => (await h.db.select().from(user).where(eq(user.id, id)))[0]!
const trustedDevices = (userId: string) =>
  h.db
    .select()
    .from(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, `${TRUST_DEVICE_IDENTIFIER_PREFIX}%`)))
/** A code the app will show in the next 30-second step, unlike the current one. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('turning two-factor sign-in on', () => {
  it('asks for the password, shows the key as an otpauth URI, and is on only once a first code confirms it', async () => {
    const { user: learner, client } = await h.signedIn({ fullName: 'Tess Totp' })

    const wrong = await client.post(`${TWO_FACTOR}/enable`, { password: 'not my password' })
    expect(wrong.status).toBe(400)
    expect(wrong.json.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Password is incorrect',
      issues: [{ path: 'password', message: 'Password is incorrect' }],
    })

    const setup = await client.post(`${TWO_FACTOR}/enable`, { password: learner.password })
    expect(setup.status).toBe(200)
    expect(Object.keys(setup.json)).toEqual(['totpUri'])
    const uri = new URL(setup.json.totpUri)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(decodeURIComponent(uri.pathname)).toBe(`/Success Without Sacrifice:${learner.email}`)
    expect(uri.searchParams.get('issuer')).toBe('Success Without Sacrifice')
    // Percent-encoded as authenticator apps read it, not '+' for the spaces.
    expect(uri.search).toContain('issuer=Success%20Without%20Sacrifice')
    expect(uri.searchParams.get('digits')).toBe('6')
    expect(uri.searchParams.get('period')).toBe('30')
    // Not on yet: the profile says so, and the password alone still signs in.
    expect((await client.get('/api/profile')).json.hasTwoFactor).toBeUndefined()
    expect((await signInFirst(h.client(), learner)).json.id).toBe(learner.id)

    const app = authenticatorFromUri(setup.json.totpUri)
    const badCode = await client.post(`${TWO_FACTOR}/confirm`, { code: otherCode(app.generate()) })
    expect(badCode.status).toBe(401)
    expect(badCode.json.error).toMatchObject({ code: 'INVALID_CODE', issues: [{ path: 'code' }] })
    expect((await userRow(learner.id)).twoFactorEnabled).toBe(false)

    // Spaces a person types between the digits are fine.
    const code = app.generate()
    const confirmed = await client.post(`${TWO_FACTOR}/confirm`, { code: `${code.slice(0, 3)} ${code.slice(3)}` })
    expect(confirmed.status).toBe(200)
    const { recoveryCodes } = confirmed.json as { recoveryCodes: string[] }
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)
    // Better Auth replaced the session; the browser got the new cookie and stays signed in.
    expect(confirmed.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
    expect((await client.get('/api/profile')).json).toMatchObject({ id: learner.id, hasTwoFactor: true })
    expect(await userRow(learner.id)).toMatchObject({ twoFactorEnabled: true })
    // Stored encrypted: neither the key nor a recovery code is in the row as it was shown.
    const [stored] = await h.db.select().from(twoFactor).where(eq(twoFactor.userId, learner.id))
    expect(stored!.verified).toBe(true)
    expect(stored!.secret).not.toContain(uri.searchParams.get('secret')!)
    expect(stored!.backupCodes).not.toContain(recoveryCodes[0])

    // Once on, a code alone does not show the recovery codes again, nor does setup start over.
    const again = await client.post(`${TWO_FACTOR}/confirm`, { code: app.generate() })
    expect(again.status).toBe(409)
    expect(again.json.error).toEqual({ code: 'CONFLICT', message: 'Two-factor sign-in is already on.' })
    expect((await client.post(`${TWO_FACTOR}/enable`, { password: learner.password })).status).toBe(409)
  })

  it('refuses a confirmation before any setup, and malformed codes with the form’s message', async () => {
    const { client } = await h.signedIn()
    const early = await client.post(`${TWO_FACTOR}/confirm`, { code: '123456' })
    expect(early.status).toBe(409)
    expect(early.json.error.message).toBe('Start setting up two-factor sign-in first.')
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await client.post(`${TWO_FACTOR}/confirm`, { code })
      expect(response.status).toBe(400)
      expect(response.json.error.issues).toEqual([{ path: 'code', message: 'Enter the 6-digit code from your authenticator app' }])
    }
  })

  it('is for signed-in users who have replaced a temporary password', async () => {
    expect((await h.client().post(`${TWO_FACTOR}/enable`, { password: 'whatever' })).status).toBe(401)
    const { user: pending, client } = await h.signedIn({ isTemporary: true })
    const response = await client.post(`${TWO_FACTOR}/enable`, { password: pending.password })
    expect(response.status).toBe(403)
    expect(response.json.error.code).toBe('PASSWORD_CHANGE_REQUIRED')
    expect(await h.db.select().from(twoFactor).where(eq(twoFactor.userId, pending.id))).toEqual([])
  })
})

describe('signing in with a second factor', () => {
  it('asks for a code after the right password: no session until the code is right', async () => {
    const learner = await enrolledUser({ fullName: 'Cody Code' })
    const before = await userRow(learner.id)
    const client = h.client()
    const first = await signInFirst(client, learner)
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ twoFactorRequired: true })
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false)
    // The password alone is not a sign-in: no activity, and the schedule has not started.
    expect(await userRow(learner.id)).toMatchObject({ lastActivityAt: before.lastActivityAt, firstSignedInAt: before.firstSignedInAt })
    const challenge = first.headers.getSetCookie().find((cookie) => cookie.startsWith(`${CHALLENGE_COOKIE}=`))
    expect(challenge).toMatch(/HttpOnly/i)
    expect(challenge).toMatch(/SameSite=Lax/i)
    expect(challenge).toMatch(/Max-Age=600/)
    expect((await client.get('/api/profile')).status).toBe(401)

    const code = learner.twoFactor.authenticator.generate()
    const wrong = await client.post(`${TWO_FACTOR}/verify-totp`, { code: otherCode(code) })
    expect(wrong.status).toBe(401)
    expect(wrong.json.error).toEqual({
      code: 'INVALID_CODE',
      message: 'That code is not right. Check your authenticator app and try again.',
      issues: [{ path: 'code', message: 'That code is not right. Check your authenticator app and try again.' }],
    })
    expect((await client.get('/api/profile')).status).toBe(401)

    const second = await client.post(`${TWO_FACTOR}/verify-totp`, { code })
    expect(second.status).toBe(200)
    expect(second.json).toEqual({
      id: learner.id,
      email: learner.email,
      fullName: 'Cody Code',
      role: 'user',
      mustChangePassword: false,
      hasTwoFactor: true,
    })
    // The token never appears in a body; the cookie carries it.
    expect(second.text).not.toContain(client.cookies.get(SESSION_COOKIE)!.split('.')[0])
    expect(client.cookies.has(CHALLENGE_COOKIE)).toBe(false)
    expect((await client.get('/api/profile')).json.id).toBe(learner.id)
    const after = await userRow(learner.id)
    expect(after.lastActivityAt!.getTime()).toBeGreaterThan(before.lastActivityAt?.getTime() ?? 0)
    expect(after.firstSignedInAt).toEqual(before.firstSignedInAt ?? after.lastActivityAt)
    // The challenge was used up with the sign-in.
    const replayed = h.client()
    replayed.cookies.set(CHALLENGE_COOKIE, first.headers.getSetCookie()[0]!.split(';')[0]!.split('=').slice(1).join('='))
    expect((await replayed.post(`${TWO_FACTOR}/verify-totp`, { code })).json.error.code).toBe('SIGN_IN_EXPIRED')
  })

  it('refuses a code step without a sign-in waiting for it, or with a forged one', async () => {
    const noChallenge = await h.client().post(`${TWO_FACTOR}/verify-totp`, { code: '123456' })
    expect(noChallenge.status).toBe(401)
    expect(noChallenge.json.error).toEqual({ code: 'SIGN_IN_EXPIRED', message: 'Your sign-in has expired. Please sign in again.' })
    const forged = h.client()
    forged.cookies.set(CHALLENGE_COOKIE, encodeURIComponent('2fa-made-up.c2lnbmF0dXJl'))
    expect((await forged.post(`${TWO_FACTOR}/verify-recovery-code`, { code: 'abcde-12345' })).json.error.code).toBe('SIGN_IN_EXPIRED')
  })

  it('signs in the account whose password was given, whatever session the browser still holds', async () => {
    const learner = await enrolledUser()
    const client = await h.sessionFor((await h.createUser()).id)
    await signInFirst(client, learner)
    const second = await client.post(`${TWO_FACTOR}/verify-totp`, { code: learner.twoFactor.authenticator.generate() })
    expect(second.json.id).toBe(learner.id)
    expect((await client.get('/api/profile')).json.id).toBe(learner.id)
  })

  it('takes each recovery code once, typed with or without its dash', async () => {
    const learner = await enrolledUser()
    const [first, second] = learner.twoFactor.recoveryCodes
    const signInWith = async (code: string) => {
      const client = h.client()
      expect((await signInFirst(client, learner)).json).toEqual({ twoFactorRequired: true })
      return client.post(`${TWO_FACTOR}/verify-recovery-code`, { code })
    }
    const used = await signInWith(` ${first!.replace('-', '')} `)
    expect(used.status).toBe(200)
    expect(used.json.id).toBe(learner.id)

    const reused = await signInWith(first!)
    expect(reused.status).toBe(401)
    expect(reused.json.error).toMatchObject({ code: 'INVALID_CODE', message: 'That recovery code is not right, or it was used already.' })
    expect((await signInWith(second!)).status).toBe(200)
    // Letters keep their case: a recovery code is not case-insensitive.
    const third = learner.twoFactor.recoveryCodes[2]!
    const swapped = [...third].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('')
    if (swapped !== third) expect((await signInWith(swapped)).status).toBe(401)
  })

  it('ends a sign-in after 5 wrong codes: the password is needed again', async () => {
    const learner = await enrolledUser()
    const client = h.client()
    await signInFirst(client, learner)
    const code = learner.twoFactor.authenticator.generate()
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.post(`${TWO_FACTOR}/verify-totp`, { code: otherCode(code) })).json.error.code).toBe('INVALID_CODE')
    }
    const sixth = await client.post(`${TWO_FACTOR}/verify-totp`, { code })
    expect(sixth.status).toBe(401)
    expect(sixth.json.error).toEqual({ code: 'SIGN_IN_EXPIRED', message: 'Too many wrong codes. Please sign in again.' })
    await signInFirst(client, learner)
    expect((await client.post(`${TWO_FACTOR}/verify-totp`, { code })).status).toBe(200)
  })

  it('skips the code for 30 days on a device the learner chose to trust, and only there', async () => {
    const learner = await enrolledUser()
    const trusted = h.client()
    await signInFirst(trusted, learner)
    const second = await trusted.post(`${TWO_FACTOR}/verify-totp`, { code: learner.twoFactor.authenticator.generate(), trustDevice: true })
    expect(second.status).toBe(200)
    const cookie = second.headers.getSetCookie().find((value) => value.startsWith(`${TRUST_COOKIE}=`))
    expect(cookie).toMatch(/Max-Age=2592000/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(await trustedDevices(learner.id)).toHaveLength(1)

    await trusted.post('/api/auth/sign-out')
    const again = await signInFirst(trusted, learner)
    expect(again.json).toMatchObject({ id: learner.id, hasTwoFactor: true })
    expect((await trusted.get('/api/profile')).json.id).toBe(learner.id)
    // Another browser still needs the code; so does this one with a wrong password.
    expect((await signInFirst(h.client(), learner)).json).toEqual({ twoFactorRequired: true })
    expect((await signInFirst(trusted, { email: learner.email, password: 'wrong password' })).status).toBe(401)
  })

  it('gives a disabled account no code step: the password alone tells it is disabled', async () => {
    const learner = await enrolledUser()
    await disableUser(h.db, learner.id)
    const response = await signInFirst(h.client(), learner)
    expect(response.status).toBe(403)
    expect(response.json.error.code).toBe('ACCOUNT_DISABLED')
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe('turning it off, and new recovery codes', () => {
  it('turns off with the password; the password alone signs in again and trusted devices are forgotten', async () => {
    const learner = await enrolledUser()
    const client = await h.signIn(learner.email, learner.password)
    // Trusted from another browser.
    const other = h.client()
    await signInFirst(other, learner)
    // The app's next code: the one that signed the first browser in works once (security-tests/totp-replay.test.ts).
    await other.post(`${TWO_FACTOR}/verify-totp`, { code: learner.twoFactor.authenticator.generate({ timestamp: Date.now() + 30_000 }), trustDevice: true })
    expect(await trustedDevices(learner.id)).toHaveLength(1)

    const wrong = await client.post(`${TWO_FACTOR}/disable`, { password: 'not my password' })
    expect(wrong.status).toBe(400)
    expect((await userRow(learner.id)).twoFactorEnabled).toBe(true)

    const off = await client.post(`${TWO_FACTOR}/disable`, { password: learner.password })
    expect(off.status).toBe(200)
    expect(off.json).toMatchObject({ id: learner.id })
    expect(off.json.hasTwoFactor).toBeUndefined()
    expect((await client.get('/api/profile')).status).toBe(200)
    expect(await h.db.select().from(twoFactor).where(eq(twoFactor.userId, learner.id))).toEqual([])
    expect(await trustedDevices(learner.id)).toEqual([])
    expect((await signInFirst(h.client(), learner)).json.id).toBe(learner.id)
    const twice = await client.post(`${TWO_FACTOR}/disable`, { password: learner.password })
    expect(twice.status).toBe(409)
    expect(twice.json.error.message).toBe('Two-factor sign-in is already off.')
    expect((await client.post(`${TWO_FACTOR}/recovery-codes`, { password: learner.password })).status).toBe(409)
  })

  it('replaces the recovery codes, with the password: the old ones stop working', async () => {
    const learner = await enrolledUser()
    const client = await h.signIn(learner.email, learner.password)
    expect((await client.post(`${TWO_FACTOR}/recovery-codes`, { password: 'wrong' })).status).toBe(400)
    const fresh = await client.post(`${TWO_FACTOR}/recovery-codes`, { password: learner.password })
    expect(fresh.status).toBe(200)
    const { recoveryCodes } = fresh.json as { recoveryCodes: string[] }
    expect(recoveryCodes).toHaveLength(10)
    expect(recoveryCodes.filter((code) => learner.twoFactor.recoveryCodes.includes(code))).toEqual([])

    const signInWith = async (code: string) => {
      const browser = h.client()
      await signInFirst(browser, learner)
      return browser.post(`${TWO_FACTOR}/verify-recovery-code`, { code })
    }
    expect((await signInWith(learner.twoFactor.recoveryCodes[0]!)).status).toBe(401)
    expect((await signInWith(recoveryCodes[0]!)).status).toBe(200)
  })
})

describe('REQUIRE_ADMIN_2FA (on by default)', () => {
  it('says in the profile that an admin without a second factor must set one up, and /auth sends them there', async () => {
    const { user: admin, client } = await h.signedIn({ role: 'admin', hasTwoFactor: false })
    expect((await client.get('/api/profile')).json).toMatchObject({ role: 'admin', mustSetUpTwoFactor: true })
    const signIn = await signInFirst(h.client(), admin)
    expect(signIn.json).toMatchObject({ id: admin.id, mustSetUpTwoFactor: true })
    const page = await client.get('/auth')
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/two-factor-setup')
    // A learner is never asked; an admin with a second factor is not either.
    expect((await (await h.signedIn()).client.get('/api/profile')).json.mustSetUpTwoFactor).toBeUndefined()
    expect((await (await h.signedIn({ role: 'admin' })).client.get('/api/profile')).json).toMatchObject({ hasTwoFactor: true })
  })

  it('refuses every admin route to an admin without a second factor, and changes nothing', async () => {
    const client = await h.clientAs('admin-without-2fa')
    const target = await h.createUser({ hasTwoFactor: true })
    const adminRoutes = apiRoutes(h.app).filter((route) => route.path.startsWith('/api/admin/'))
    expect(adminRoutes.map((route) => route.key)).toContain('DELETE /api/admin/users/:id/two-factor')
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10)
    const before = await snapshotDb(h.db)
    for (const route of adminRoutes) {
      const url = route.path.replace(':id', target.id)
      const response = await client.request(route.method, url, route.method === 'GET' ? {} : { body: { role: 'user', fullName: 'x' } })
      expect([route.key, response.status, response.json]).toEqual([
        route.key,
        403,
        { error: { code: 'TWO_FACTOR_REQUIRED', message: 'Set up two-factor sign-in to use the admin panel.' }, requestId: expect.any(String) },
      ])
    }
    expect(await snapshotDb(h.db)).toEqual(before)
  })

  it('takes the first admin from the temporary password, to their own, to a second factor, to the admin panel', async () => {
    const admin = await h.createUser({ role: 'admin', isTemporary: true, hasTwoFactor: false })
    const client = await h.signIn(admin.email, admin.password)
    expect((await client.get('/api/admin/users')).json.error.code).toBe('PASSWORD_CHANGE_REQUIRED')
    const changed = await client.put('/api/profile/password', { newPassword: 'the admin’s own passphrase' })
    expect(changed.json).toMatchObject({ mustChangePassword: false, mustSetUpTwoFactor: true })

    const refused = await client.get('/api/admin/users')
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({ error: { code: 'TWO_FACTOR_REQUIRED', message: 'Set up two-factor sign-in to use the admin panel.' }, requestId: expect.any(String) })

    const setup = await client.post(`${TWO_FACTOR}/enable`, { password: 'the admin’s own passphrase' })
    const confirmed = await client.post(`${TWO_FACTOR}/confirm`, { code: authenticatorFromUri(setup.json.totpUri).generate() })
    expect(confirmed.status).toBe(200)
    expect((await client.get('/api/admin/users')).status).toBe(200)
    const profile = (await client.get('/api/profile')).json
    expect(profile.mustSetUpTwoFactor).toBeUndefined()
    expect(profile.hasTwoFactor).toBe(true)
  })

  it('is off with REQUIRE_ADMIN_2FA=false: an admin with a password alone uses the panel', async () => {
    const relaxed = await createHarness({ REQUIRE_ADMIN_2FA: 'false' })
    try {
      const { client } = await relaxed.signedIn({ role: 'admin', hasTwoFactor: false })
      expect((await client.get('/api/admin/users')).status).toBe(200)
      expect((await client.get('/api/profile')).json.mustSetUpTwoFactor).toBeUndefined()
    } finally {
      await relaxed.close()
    }
  })
})

describe('an admin resets another user’s second factor', () => {
  it('turns it off: the user signs in with the password alone, and their trusted devices are forgotten', async () => {
    const admin = await h.clientAs('admin')
    const learner = await enrolledUser()
    const browser = h.client()
    await signInFirst(browser, learner)
    await browser.post(`${TWO_FACTOR}/verify-totp`, { code: learner.twoFactor.authenticator.generate(), trustDevice: true })
    const listed = await admin.get(`/api/admin/users?search=${encodeURIComponent(learner.email)}`)
    expect(listed.json.users[0]).toMatchObject({ id: learner.id, hasTwoFactor: true })

    const reset = await admin.delete(`/api/admin/users/${learner.id}/two-factor`)
    expect(reset.status).toBe(200)
    expect(reset.json).toMatchObject({ id: learner.id, email: learner.email })
    expect(reset.json.hasTwoFactor).toBeUndefined()
    expect(await h.db.select().from(twoFactor).where(eq(twoFactor.userId, learner.id))).toEqual([])
    expect(await trustedDevices(learner.id)).toEqual([])
    expect((await signInFirst(h.client(), learner)).json.id).toBe(learner.id)
    // Their session stays: a lost phone is not a stolen account.
    expect((await browser.get('/api/profile')).status).toBe(200)

    const again = await admin.delete(`/api/admin/users/${learner.id}/two-factor`)
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe('This user has not set up two-factor sign-in.')
  })

  it('sends a reset admin back to set it up, and refuses one’s own reset and an unknown user', async () => {
    const { user: self, client: admin } = await h.signedIn({ role: 'admin' })
    const other = await h.signedIn({ role: 'admin' })
    expect((await admin.delete(`/api/admin/users/${other.user.id}/two-factor`)).status).toBe(200)
    expect((await other.client.get('/api/admin/users')).json.error.code).toBe('TWO_FACTOR_REQUIRED')

    const own = await admin.delete(`/api/admin/users/${self.id}/two-factor`)
    expect(own.status).toBe(403)
    expect(own.json.error.message).toBe('Turn off your own two-factor sign-in on the Security page.')
    expect((await userRow(self.id)).twoFactorEnabled).toBe(true)
    expect((await admin.delete('/api/admin/users/00000000-0000-4000-8000-000000000000/two-factor')).status).toBe(404)
  })
})

describe('the authenticator the tests use', () => {
  it('agrees with Better Auth on a key: the harness’s codes are the ones the server takes', async () => {
    const learner = await enrolledUser()
    expect(authenticatorFor(learner.twoFactor.totpSecret).generate()).toBe(learner.twoFactor.authenticator.generate())
  })
})
