import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, certificate, certificatePolicy } from '../db/schema'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { answersAs } from '../test/knowledge-check-answers'
import { sendJourneyEmail } from '../services/email-journeys/send'
import { activity as insightsActivity } from '../services/insights/activity'

// Certificates that expire and their renewal by passing the knowledge checks again
// (docs/decisions/0094-certificate-renewal.md).

let h: Harness
let admin: TestClient
beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
})
afterAll(() => h.close())

const DAY_MS = 86_400_000
const completeCourse = async (client: TestClient) => {
  for (let n = 1; n <= h.courseStore.current().document.modules.length; n += 1) {
    expect((await client.put(`/api/progress/${n}`, { completed: true })).status).toBe(200)
  }
}
const setPolicy = async (validMonths: number | null) => {
  const response = await admin.put('/api/admin/certificate-policy', { validMonths })
  expect(response.status, response.text).toBe(200)
}
/** Brings the expiry to `days` from now: the renewal window is a matter of dates. */
const expireIn = (id: string, days: number) =>
  h.db.update(certificate).set({ expiresAt: new Date(Date.now() + days * DAY_MS) }).where(eq(certificate.id, id))
const modulesWithChecks = () =>
  h.courseStore.current().document.modules.flatMap((module, index) => (module.knowledgeCheck ? [index + 1] : []))
const passCheck = async (client: TestClient, moduleNumber: number) => {
  const course = h.courseStore.current()
  const response = await client.post(`/api/knowledge-checks/${course.document.modules[moduleNumber - 1]!.id}/attempts`, {
    version: course.version,
    answers: await answersAs(client, course, moduleNumber),
  })
  expect(response.json.passed, response.text).toBe(true)
}

describe('the validity setting', () => {
  it('is off by default: a certificate never expires and has nothing to renew', async () => {
    expect((await admin.get('/api/admin/certificate-policy')).json).toEqual({ validMonths: null })
    const { client } = await h.signedIn()
    await completeCourse(client)
    const issued = await client.get('/api/certificate')
    expect(issued.json.renewal).toEqual({ expiresAt: null, isExpired: false, opensAt: null, isOpen: false, modulesToPass: [] })
    expect((await h.client().get(`/api/certificates/${issued.json.id}`)).json).toMatchObject({ expiresAt: null, replacedBy: null })
    const renew = await client.post('/api/certificate/renew', {})
    expect([renew.status, renew.json.error.message]).toEqual([409, 'Your certificate does not expire: there is nothing to renew.'])
  })

  it('is saved and audited; bad input is refused with 400 and changes nothing', async () => {
    await setPolicy(24)
    for (const body of [{ validMonths: 0 }, { validMonths: 121 }, { validMonths: 1.5 }, { validMonths: '12' }, {}, { validMonths: 12, extra: 1 }]) {
      const response = await admin.put('/api/admin/certificate-policy', body)
      expect([response.status, response.json.error.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED'])
    }
    expect((await admin.get('/api/admin/certificate-policy')).json).toEqual({ validMonths: 24 })
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'certificate_policy_changed'))
    expect(entry?.detail).toEqual({ validFrom: 'never expires', validTo: '24 months' })
  })

  it('is for admins only', async () => {
    const { client } = await h.signedIn()
    expect((await client.get('/api/admin/certificate-policy')).status).toBe(403)
    expect((await client.put('/api/admin/certificate-policy', { validMonths: 1 })).status).toBe(403)
    expect((await h.client().put('/api/admin/certificate-policy', { validMonths: 1 })).status).toBe(401)
    const [row] = await h.db.select().from(certificatePolicy)
    expect(row?.validMonths).toBe(24)
  })
})

describe('an expiring certificate', () => {
  it('gets its expiry at issue, on the certificate, the verify answer and the credential', async () => {
    await setPolicy(12)
    const { client } = await h.signedIn({ fullName: 'Ada Broker' })
    await completeCourse(client)
    const { json } = await client.get('/api/certificate')
    const issuedAt = new Date(json.completedAt)
    const expected = new Date(issuedAt)
    expected.setUTCMonth(expected.getUTCMonth() + 12)
    expect(json.renewal).toMatchObject({ expiresAt: expected.toISOString(), isExpired: false, isOpen: false, modulesToPass: [] })
    expect(new Date(json.renewal.opensAt).getTime()).toBe(expected.getTime() - 30 * DAY_MS)
    expect((await h.client().get(`/api/certificates/${json.id}`)).json).toMatchObject({ expiresAt: expected.toISOString(), replacedBy: null })
    const credential = (await h.client().get(`/verify/${json.id}.json`)).json
    expect(credential.validUntil).toBe(expected.toISOString().replace(/\.\d{3}Z$/, 'Z'))
    // A later change of the setting leaves an issued certificate's expiry as it was.
    await setPolicy(6)
    expect((await client.get('/api/certificate')).json.renewal.expiresAt).toBe(expected.toISOString())
  })

  it('is renewed only in its last 30 days, once every knowledge check is passed again; the old one stays verifiable as replaced', async () => {
    await setPolicy(12)
    const { user, client } = await h.signedIn({ fullName: 'Bea Broker' })
    await completeCourse(client)
    const first = (await client.get('/api/certificate')).json
    const early = await client.post('/api/certificate/renew', {})
    expect(early.status).toBe(409)
    expect(early.json.error.message).toMatch(/^You can renew your certificate from \w+ \d{1,2}, \d{4}\.$/)

    await expireIn(first.id, 10)
    // The seeded course has knowledge checks: they are what a renewal asks for.
    const checks = modulesWithChecks()
    expect(checks.length).toBeGreaterThan(0)
    const open = (await client.get('/api/certificate')).json.renewal
    expect(open).toMatchObject({ isOpen: true, isExpired: false, modulesToPass: checks })
    const refused = await client.post('/api/certificate/renew', {})
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(
      `Pass the knowledge ${checks.length === 1 ? 'check of module' : 'checks of modules'} ${checks.join(', ')} again to renew your certificate.`,
    )
    // Passing all but the last leaves the last to pass.
    for (const moduleNumber of checks.slice(0, -1)) await passCheck(client, moduleNumber)
    expect((await client.get('/api/certificate')).json.renewal.modulesToPass).toEqual(checks.slice(-1))
    await passCheck(client, checks.at(-1)!)
    expect((await client.get('/api/certificate')).json.renewal.modulesToPass).toEqual([])

    const renewed = await client.post('/api/certificate/renew', {})
    expect(renewed.status, renewed.text).toBe(200)
    expect(renewed.json.id).not.toBe(first.id)
    expect(renewed.json.recipientName).toBe('Bea Broker')
    expect(new Date(renewed.json.renewal.expiresAt).getTime()).toBeGreaterThan(Date.now() + 300 * DAY_MS)
    expect((await client.get('/api/certificate')).json.id).toBe(renewed.json.id)
    expect((await h.client().get(`/api/certificates/${first.id}`)).json).toMatchObject({
      recipientName: 'Bea Broker',
      isRevoked: false,
      replacedBy: renewed.json.id,
    })
    expect((await h.client().get(`/verify/${first.id}.json`)).status).toBe(200)
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'certificate_renewed'))
    expect(entry).toMatchObject({ targetId: user.id, detail: { certificateFrom: first.id, certificateTo: renewed.json.id } })
    // Renewed once: the new certificate is far from its window.
    expect((await client.post('/api/certificate/renew', {})).status).toBe(409)
  })

  it('says it has expired once its day has passed', async () => {
    await setPolicy(12)
    const { client } = await h.signedIn()
    await completeCourse(client)
    const { id } = (await client.get('/api/certificate')).json
    await expireIn(id, -1)
    expect((await client.get('/api/certificate')).json.renewal).toMatchObject({ isExpired: true, isOpen: true })
  })

  it('is not a second completion: the insights and the owner digest count the learner once, on the day they finished', async () => {
    await setPolicy(12)
    const { client } = await h.signedIn({ fullName: 'Di Broker' })
    await completeCourse(client)
    const first = (await client.get('/api/certificate')).json
    // Finished three weeks ago: a renewal today must not move the completion to this week.
    const finished = new Date(Date.now() - 21 * DAY_MS)
    await h.db.update(certificate).set({ completedAt: finished, issuedAt: finished }).where(eq(certificate.id, first.id))
    const from = finished.toISOString().slice(0, 10)
    const to = new Date().toISOString().slice(0, 10)
    // The service itself: the route serves an answer again for a minute.
    const activity = () => insightsActivity(h.db, { from, to, source: 'all' })
    const digestCompletions = async (occasion: string) => {
      const owner = (await h.signedIn({ role: 'admin' })).user
      const deps = { db: h.db, env: h.env, authSecret: h.authSecret, courseStore: h.courseStore, mailer: h.mailer }
      expect(await sendJourneyEmail(deps, { userId: owner.id, kind: 'digest', occasion, requestedBy: owner.id }, new Date())).toBe('delivered')
      const mail = h.smtp.messages.findLast((message) => message.to.includes(owner.email))!
      return Number(/(\d+) completed the course/.exec(mail.text)![1])
    }
    const before = await activity()
    const digestBefore = await digestCompletions('before-renewal')

    await expireIn(first.id, 5)
    for (const moduleNumber of modulesWithChecks()) await passCheck(client, moduleNumber)
    expect((await client.post('/api/certificate/renew', {})).status).toBe(200)

    expect(await activity()).toEqual(before)
    expect(await digestCompletions('after-renewal')).toBe(digestBefore)
  })

  it('goes with the account: deleting the learner revokes the old certificate and the new one', async () => {
    await setPolicy(12)
    const { user, client } = await h.signedIn({ fullName: 'Cy Broker' })
    await completeCourse(client)
    const first = (await client.get('/api/certificate')).json
    await expireIn(first.id, 5)
    for (const moduleNumber of modulesWithChecks()) await passCheck(client, moduleNumber)
    const second = (await client.post('/api/certificate/renew', {})).json
    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(204)
    for (const id of [first.id, second.id]) {
      expect((await h.client().get(`/api/certificates/${id}`)).json).toMatchObject({ recipientName: null, isRevoked: true })
    }
    const left = await h.db.execute(sql`select count(*)::int as n from certificate where former_user_id = ${user.id} or user_id = ${user.id}`)
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
  })
})
