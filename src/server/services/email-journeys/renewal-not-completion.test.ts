import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '../../../shared/durations'
import { newCertificateId } from '../../certificates/certificate'
import { certificate, sentEmail } from '../../db/schema'
import { runDueJobs, type JobHandler } from '../../jobs/queue'
import { createHarness, type Harness } from '../../test/harness'
import { answersAs } from '../../test/knowledge-check-answers'
import { scanJourneys } from './scan'
import { sendJourneyEmail } from './send'

// A renewal (docs/decisions/0094-certificate-renewal.md) issues a new certificate, but the learner
// did not complete the course again: no second "Congratulations, you completed the course".

let h: Harness
let handlers: Record<string, JobHandler>
beforeAll(async () => {
  h = await createHarness()
  handlers = {
    email: async (payload, { now }) => {
      await sendJourneyEmail({ db: h.db, env: h.env, authSecret: h.authSecret, courseStore: h.courseStore, mailer: h.mailer }, payload, now)
    },
  }
  const admin = (await h.signedIn({ role: 'admin' })).client
  expect((await admin.put('/api/admin/certificate-policy', { validMonths: 12 })).status).toBe(200)
})
afterAll(() => h.close())

describe('the completion e-mail and a renewal', () => {
  it('is not sent for the renewed certificate', async () => {
    const { user, client } = await h.signedIn({ fullName: 'Rae Renewer' })
    const longAgo = new Date(Date.now() - 350 * DAY_MS)
    const first = newCertificateId()
    await h.db.insert(certificate).values({ id: first, userId: user.id, recipientName: 'Rae Renewer', completedAt: longAgo, issuedAt: longAgo, moduleCount: 8 })
    await h.db.update(certificate).set({ expiresAt: new Date(Date.now() + 10 * DAY_MS) }).where(eq(certificate.id, first))
    const live = h.courseStore.current()
    for (const [index, module] of live.document.modules.entries()) {
      if (!module.knowledgeCheck) continue
      const passed = await client.post(`/api/knowledge-checks/${module.id}/attempts`, { version: live.version, answers: await answersAs(client, live, index + 1) })
      expect(passed.status, passed.text).toBe(201)
    }
    const renewed = await client.post('/api/certificate/renew', {})
    expect(renewed.status, renewed.text).toBe(200)

    const now = new Date()
    await scanJourneys(h.db, now)
    await runDueJobs(h.db, { handlers, now: () => now })
    expect(h.smtp.messages.filter((mail) => mail.to.includes(user.email) && mail.subject.includes('Congratulations'))).toEqual([])
    const sent = await h.db.select({ kind: sentEmail.kind }).from(sentEmail).where(eq(sentEmail.userId, user.id))
    expect(sent.map((row) => row.kind)).not.toContain('completion')
  })
})
