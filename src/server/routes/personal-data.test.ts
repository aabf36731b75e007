import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, certificate, purchaseEvent, session, twoFactor, verification } from '../db/schema'
import { deliverPurchase } from '../test/purchase-delivery'
import { createHarness, PUBLIC_URL, type Harness, type TestClient } from '../test/harness'

const WEBHOOK_SECRET = 'whsec-privacy-0123456789abcdef0123456789ab'

let h: Harness
beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET })
})
afterAll(() => h.close())

const completeAll = async (client: TestClient) => {
  for (let n = 1; n <= 8; n += 1) expect((await client.put(`/api/progress/${n}`, { completed: true })).status).toBe(200)
}
const tokenOf = (client: TestClient) => decodeURIComponent(client.cookies.get('better-auth.session_token')!).split('.')[0]!

describe('GET /api/profile/export', () => {
  it('downloads the learner’s own data as JSON: profile, 2FA, progress, certificate, sessions without tokens', async () => {
    const learner = await h.createUser({ fullName: 'Dana Data', hasTwoFactor: true })
    const client = await h.sessionFor(learner.id)
    const elsewhere = await h.signIn(learner.email, learner.password)
    await completeAll(client)
    const issued = (await client.get('/api/certificate')).json

    const response = await client.get('/api/profile/export')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const data = response.json
    expect(data.profile).toEqual({
      id: learner.id,
      email: learner.email,
      fullName: 'Dana Data',
      role: 'user',
      createdAt: expect.any(String),
      lastActivityAt: expect.any(String),
    })
    expect(data.twoFactor).toEqual({ isEnabled: true })
    expect(data.progress.completedModules).toHaveLength(8)
    expect(data.progress.completedModules[0]).toEqual({ moduleId: 'm1', moduleNumber: 1, title: 'Welcome & Orientation', completedAt: expect.any(String) })
    expect(data.certificate).toEqual({
      id: issued.id,
      recipientName: 'Dana Data',
      courseName: 'CRM Training Course',
      completedAt: issued.completedAt,
      issuedAt: expect.any(String),
      verifyUrl: `${PUBLIC_URL}/verify/${issued.id}`,
    })
    expect(data.sessions).toHaveLength(2)
    expect(data.sessions.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1)
    for (const entry of data.sessions) {
      expect(Object.keys(entry).sort()).toEqual(['createdAt', 'expiresAt', 'ipAddress', 'isCurrent', 'userAgent'])
    }
    expect(Date.parse(data.exportedAt)).not.toBeNaN()
    // Nothing that opens the account: no session token, password hash, 2FA key or recovery code.
    const [credential] = await h.db.select().from(account).where(eq(account.userId, learner.id))
    const [secondFactor] = await h.db.select().from(twoFactor).where(eq(twoFactor.userId, learner.id))
    for (const secret of [tokenOf(client), tokenOf(elsewhere), credential!.password!, secondFactor!.secret, learner.twoFactor!.totpSecret]) {
      expect(response.text).not.toContain(secret)
    }
    for (const code of learner.twoFactor!.recoveryCodes) expect(response.text).not.toContain(code)
  })

  it('is a learner’s own, once a temporary password is replaced', async () => {
    expect((await h.client().get('/api/profile/export')).status).toBe(401)
    const pending = await h.signedIn({ isTemporary: true })
    const refused = await pending.client.get('/api/profile/export')
    expect(refused.status).toBe(403)
    expect(refused.json.error.code).toBe('PASSWORD_CHANGE_REQUIRED')
    const fresh = await h.signedIn()
    const data = (await fresh.client.get('/api/profile/export')).json
    expect(data).toMatchObject({ twoFactor: { isEnabled: false }, progress: { completedModules: [] }, certificate: null })
  })
})

describe('deleting a user erases their personal data', () => {
  it('keeps their certificate verifiable, to a deleted account without the name; the rest of their data goes', async () => {
    const admin = await h.clientAs('admin')
    const learner = await h.createUser({ fullName: 'Gone Learner', hasTwoFactor: true })
    const client = await h.sessionFor(learner.id)
    await completeAll(client)
    const issued = (await client.get('/api/certificate')).json
    // A purchase record of theirs, and a reset link they never used.
    const delivery = await deliverPurchase(h.app, WEBHOOK_SECRET, { event: 'purchase.completed', email: learner.email })
    expect(delivery.status).toBe(200)
    await h.client().post('/api/auth/request-password-reset', { email: learner.email })
    await h.smtp.waitFor(learner.email, (mail) => /password/i.test(mail.subject))
    expect((await h.db.select().from(verification).where(eq(verification.value, learner.id))).length).toBeGreaterThan(0)

    expect((await admin.delete(`/api/admin/users/${learner.id}`)).status).toBe(204)

    const verified = await h.client().get(`/api/certificates/${issued.id}`)
    expect(verified.status).toBe(200)
    // Its credential is revoked (docs/decisions/0091-open-badges-credential.md).
    expect(verified.json).toEqual({
      id: issued.id,
      recipientName: null,
      courseName: 'CRM Training Course',
      completedAt: issued.completedAt,
      isRevoked: true,
      credentialUrl: null,
      expiresAt: null,
      replacedBy: null,
    })
    expect(verified.text).not.toContain('Gone Learner')
    const [kept] = await h.db.select().from(certificate).where(eq(certificate.id, issued.id))
    expect(kept).toMatchObject({ userId: null, recipientName: null, completedAt: new Date(issued.completedAt) })

    const records = await h.db.select().from(purchaseEvent)
    expect(records.filter((row) => row.email === learner.email)).toEqual([])
    expect(await h.db.select().from(verification).where(eq(verification.value, learner.id))).toEqual([])
    expect(await h.db.select().from(twoFactor).where(eq(twoFactor.userId, learner.id))).toEqual([])
    expect(await h.db.select().from(session).where(eq(session.userId, learner.id))).toEqual([])
  })

  it('leaves other learners’ certificates with their names', async () => {
    const admin = await h.clientAs('admin')
    const staying = await h.signedIn({ fullName: 'Staying Learner' })
    const leaving = await h.signedIn({ fullName: 'Leaving Learner' })
    await completeAll(staying.client)
    await completeAll(leaving.client)
    const stayingId = (await staying.client.get('/api/certificate')).json.id
    expect((await admin.delete(`/api/admin/users/${leaving.user.id}`)).status).toBe(204)
    expect((await h.client().get(`/api/certificates/${stayingId}`)).json.recipientName).toBe('Staying Learner')
  })
})
