import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '../../shared/durations'
import { newCertificateId } from '../certificates/certificate'
import { certificate, quizAttempt } from '../db/schema'
import { editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { answersAs } from '../test/knowledge-check-answers'

// A renewal asks for the knowledge checks again (docs/decisions/0094-certificate-renewal.md): a
// check with an attempt limit counts only the attempts since the renewal window opened, or a
// learner who used them all when they first completed the course could never renew.

let h: Harness
let admin: TestClient
let moduleId = ''
let moduleNumber = 0
beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
  moduleNumber = h.courseStore.current().document.modules.findIndex((module) => module.knowledgeCheck) + 1
  moduleId = h.courseStore.current().document.modules[moduleNumber - 1]!.id
  await editModule(admin, moduleId, (module) => ({ ...module, knowledgeCheck: { ...module.knowledgeCheck!, maxAttempts: 1 } }))
  await publish(admin, 'One attempt at the first check')
  const saved = await admin.put('/api/admin/certificate-policy', { validMonths: 12 })
  expect(saved.status, saved.text).toBe(200)
})
afterAll(() => h.close())

/** A learner whose one attempt was used long ago, holding a certificate that expires in `days`. */
async function learnerWithAttemptUsed(days: number) {
  const learner = await h.signedIn()
  const longAgo = new Date(Date.now() - 360 * DAY_MS)
  const id = newCertificateId()
  await h.db.insert(certificate).values({ id, userId: learner.user.id, recipientName: 'Uma Used', completedAt: longAgo, issuedAt: longAgo, moduleCount: 8 })
  await h.db.update(certificate).set({ expiresAt: new Date(Date.now() + days * DAY_MS) }).where(eq(certificate.id, id))
  const live = h.courseStore.current()
  await h.db.insert(quizAttempt).values({ id: crypto.randomUUID(), userId: learner.user.id, moduleId, courseVersion: live.version, answers: [], score: 100, passed: true, createdAt: longAgo })
  return learner.client
}

const attempt = async (client: TestClient) => {
  const live = h.courseStore.current()
  return client.post(`/api/knowledge-checks/${moduleId}/attempts`, { version: live.version, answers: await answersAs(client, live, moduleNumber) })
}

describe('a check with an attempt limit, for a renewal', () => {
  it('has no attempt left before the window opens', async () => {
    const client = await learnerWithAttemptUsed(60)
    expect((await client.get(`/api/knowledge-checks/${moduleId}`)).json).toMatchObject({ attempts: 1, attemptsLeft: 0 })
    const refused = await attempt(client)
    expect(refused.status).toBe(409)
    expect(refused.json.error.code).toBe('CONFLICT')
  })

  it('gives its attempts again once the window opens, and counts the ones taken since', async () => {
    const client = await learnerWithAttemptUsed(10)
    expect((await client.get(`/api/knowledge-checks/${moduleId}`)).json).toMatchObject({ attempts: 1, attemptsLeft: 1 })
    const passed = await attempt(client)
    expect(passed.status, passed.text).toBe(201)
    expect(passed.json).toMatchObject({ passed: true, attemptsLeft: 0 })
    expect((await client.get('/api/certificate')).json.renewal.modulesToPass).not.toContain(moduleNumber)
    expect((await attempt(client)).status).toBe(409)
  })
})
