import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, certificate, lessonWatch, moduleProgress, quizAttempt } from '../db/schema'
import { createHarness, PUBLIC_URL, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'
import { answersAs } from '../test/knowledge-check-answers'
import { verifierLoader, verifierSuite, type Json } from '../test/outside-verifier'

// An admin's "Reset Course" for one learner (docs/decisions/0095-admin-course-reset.md): the course
// from nothing, and the certificate revoked, as an outside verifier sees it.

let h: Harness
let admin: TestClient
beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
})
afterAll(() => h.close())

const fetchPortal = async (url: string) => {
  const { pathname } = new URL(url)
  const response = await h.app.request(pathname)
  expect(response.status, url).toBe(200)
  return (await response.json()) as Json
}
const { load: loader } = verifierLoader(fetchPortal, { statusListPrefix: `${PUBLIC_URL}/api/credentials/status/` })

const completeCourse = async (client: TestClient) => {
  for (let n = 1; n <= 8; n += 1) expect((await client.put(`/api/progress/${n}`, { completed: true })).status).toBe(200)
}
const resetCourse = (id: string) => admin.post(`/api/admin/users/${id}/course-reset`, {})

describe("an admin's course reset", () => {
  it('clears progress, video positions and attempts, and revokes the certificate: the status list, the verify answer and the credential say so', async () => {
    const { user, client } = await h.signedIn({ fullName: 'Reset Learner' })
    const course = h.courseStore.current()
    const checked = course.document.modules.findIndex((module) => module.knowledgeCheck) + 1
    const attempt = await client.post(`/api/knowledge-checks/${course.document.modules[checked - 1]!.id}/attempts`, {
      version: course.version,
      answers: await answersAs(client, course, checked),
    })
    expect(attempt.status, attempt.text).toBe(201)
    await completeCourse(client)
    await h.db.insert(lessonWatch).values({ userId: user.id, moduleId: 'm1', lessonId: 'm1-l1', ranges: [[0, 30]], positionSeconds: 30, durationSeconds: 60, percentWatched: 50 })
    const credential = (await client.get('/api/certificate/credential.json')).json as Json
    const issued = (await client.get('/api/certificate')).json

    const reset = await resetCourse(user.id)
    expect(reset.status, reset.text).toBe(200)
    expect(reset.json).toMatchObject({ user: { id: user.id, completedModules: 0 }, revokedCertificateId: issued.id })

    for (const table of [moduleProgress, lessonWatch, quizAttempt]) {
      expect(await h.db.select().from(table).where(eq(table.userId, user.id))).toEqual([])
    }
    expect((await client.get('/api/progress')).json.completedCount).toBe(0)
    expect((await client.get('/api/certificate')).status).toBe(404)
    expect((await h.client().get(`/api/certificates/${issued.id}`)).json).toMatchObject({ recipientName: 'Reset Learner', isRevoked: true, credentialUrl: null })
    const status = await checkStatus({ credential, documentLoader: loader, suite: verifierSuite() })
    expect(status.verified).toBe(true)
    expect(status.results?.[0]?.status).toBe(true)
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'course_reset'))
    expect(entry).toMatchObject({ targetId: user.id, detail: { certificateFrom: issued.id } })

    // Completing again earns a new certificate; the revoked one stays revoked.
    await completeCourse(client)
    const again = (await client.get('/api/certificate')).json
    expect(again.id).not.toBe(issued.id)
    expect((await h.client().get(`/api/certificates/${again.id}`)).json.isRevoked).toBe(false)
    expect((await h.client().get(`/api/certificates/${issued.id}`)).json.isRevoked).toBe(true)
  })

  it('resets a learner with no progress and no certificate, audited', async () => {
    const { user } = await h.signedIn()
    const reset = await resetCourse(user.id)
    expect(reset.status).toBe(200)
    expect(reset.json.revokedCertificateId).toBeNull()
    const entries = await h.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))
    expect(entries.map((row) => row.action)).toContain('course_reset')
  })

  it('answers 404 for an unknown user and 400 for a malformed id, changing nothing', async () => {
    const before = await h.db.select().from(certificate)
    const unknown = await resetCourse('no-such-user')
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'NOT_FOUND'])
    const malformed = await resetCourse('bad%20id!')
    expect([malformed.status, malformed.json.error.code]).toEqual([400, 'VALIDATION_FAILED'])
    expect(await h.db.select().from(certificate)).toEqual(before)
  })

  it('is for admins only', async () => {
    const { user, client } = await h.signedIn()
    await completeCourse(client)
    for (const [caller, status, code] of REFUSED_CALLERS) {
      const response = await (await h.clientAs(caller)).post(`/api/admin/users/${user.id}/course-reset`, {})
      expect([response.status, response.json.error.code], caller).toEqual([status, code])
    }
    expect((await client.get('/api/certificate')).status).toBe(200)
  })
})
