import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '../../../shared/durations'
import { certificate, emailOptOut, job, moduleProgress, sentEmail, user } from '../../db/schema'
import { runDueJobs, type JobHandler } from '../../jobs/queue'
import { pdfText } from '../../test/pdf-text'
import { createHarness, type Harness } from '../../test/harness'
import { scanJourneys } from './scan'
import { sendJourneyEmail } from './send'

// The journeys on a driven clock: the scan and the queue are run at chosen moments, nothing waits.

let h: Harness
let handlers: Record<string, JobHandler>
const T0 = new Date(Date.UTC(2026, 10, 2, 9))
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY_MS + hours * 3600_000)

/** The scan and then every due job, both at `now`; answers the e-mails the learner has received since. */
async function tick(now: Date) {
  await scanJourneys(h.db, now)
  await runDueJobs(h.db, { handlers, now: () => now })
}
const mailsTo = (email: string) => h.smtp.messages.filter((mail) => mail.to.includes(email))

async function newLearner(name: string, completed = 0) {
  const learner = await h.createUser({ fullName: name })
  await h.db.update(user).set({ createdAt: T0, lastActivityAt: T0 }).where(eq(user.id, learner.id))
  const modules = h.courseStore.current().document.modules.slice(0, completed)
  if (modules.length > 0) await h.db.insert(moduleProgress).values(modules.map((module) => ({ userId: learner.id, moduleId: module.id, completedAt: T0 })))
  return learner
}

beforeAll(async () => {
  h = await createHarness()
  handlers = {
    email: async (payload, { now }) => {
      await sendJourneyEmail({ db: h.db, env: h.env, authSecret: h.authSecret, courseStore: h.courseStore, mailer: h.mailer }, payload, now)
    },
  }
})
afterAll(() => h.close())

describe('the e-mail journeys on a driven clock', () => {
  it('nudges once at 7 days, again at 14, never after the certificate, and sends one completion e-mail with the PDF', async () => {
    const learner = await newLearner('Ada <script>&"', 2)
    await tick(at(6, 23))
    expect(mailsTo(learner.email)).toHaveLength(0)

    await tick(at(7, 1))
    await tick(at(8))
    const [first] = mailsTo(learner.email)
    expect(mailsTo(learner.email)).toHaveLength(1)
    expect(first!.subject).toContain(h.env.site.courseName)
    expect(first!.text).toContain('You stopped at module 3.')
    expect(first!.text).toContain('You have completed 2 of 8 modules (25%).')
    expect(first!.text).toContain(`${h.env.publicUrl}/module/3`)
    expect(first!.text).toContain('you have not opened the course for 7 days')

    await tick(at(14, 1))
    await tick(at(15))
    expect(mailsTo(learner.email)).toHaveLength(2)
    expect(mailsTo(learner.email)[1]!.text).toContain('for 14 days')

    const completedAt = at(15, 2)
    await h.db.insert(certificate).values({ id: 'SWS-TEST0-JOURN-EYS00-00001', userId: learner.id, recipientName: 'Ada <script>&"', completedAt, moduleCount: 8, issuedAt: completedAt })
    await tick(at(15, 3))
    await tick(at(16))
    await tick(at(30, 1))
    await tick(at(45))
    const mails = mailsTo(learner.email)
    expect(mails).toHaveLength(3)
    const completion = mails[2]!
    expect(completion.subject).toContain('Congratulations')
    expect(completion.text).toContain(`${h.env.publicUrl}/verify/SWS-TEST0-JOURN-EYS00-00001`)
    expect(completion.attachments).toHaveLength(1)
    const pdf = completion.attachments[0]!
    expect(pdf.contentType).toBe('application/pdf')
    expect(pdf.content.subarray(0, 4).toString()).toBe('%PDF')
    expect(pdfText(pdf.content).join(' ')).toContain('Ada <script>&"')

    const records = await h.db.select().from(sentEmail).where(eq(sentEmail.userId, learner.id))
    expect(records.map((row) => [row.kind, row.status]).sort()).toEqual([
      ['completion', 'delivered'],
      ['nudge', 'delivered'],
      ['nudge', 'delivered'],
    ])
  })

  it('sends only the latest step to a learner first seen long inactive, and nothing to one who unsubscribed', async () => {
    const late = await newLearner('Late Learner')
    const away = await newLearner('Away Learner')
    await h.db.insert(emailOptOut).values({ userId: away.id, kind: 'nudge' })
    await tick(at(20))
    await tick(at(21))
    expect(mailsTo(late.email)).toHaveLength(1)
    expect(mailsTo(late.email)[0]!.text).toContain('for 20 days')
    expect(mailsTo(away.email)).toHaveLength(0)
  })

  it('retries with backoff while the SMTP server refuses, records the error, and delivers once it is back', async () => {
    const learner = await newLearner('Retry Learner')
    h.smtp.refuse()
    try {
      await tick(at(7, 1))
    } finally {
      h.smtp.accept()
    }
    const [failed] = await h.db.select().from(sentEmail).where(eq(sentEmail.userId, learner.id))
    expect(failed!.status).toBe('failed')
    expect(failed!.error).toMatch(/421|not available/i)
    const [waiting] = await h.db.select().from(job).where(eq(job.key, `email:nudge:${learner.id}:${failed!.occasion}`))
    expect(waiting!.state).toBe('waiting')
    expect(waiting!.runAt.getTime()).toBe(at(7, 1).getTime() + 60_000)

    // Not before its time; then once.
    await runDueJobs(h.db, { handlers, now: () => at(7, 1) })
    expect(mailsTo(learner.email)).toHaveLength(0)
    await tick(at(7, 2))
    await tick(at(7, 3))
    expect(mailsTo(learner.email)).toHaveLength(1)
    const [delivered] = await h.db.select().from(sentEmail).where(eq(sentEmail.userId, learner.id))
    expect(delivered).toMatchObject({ status: 'delivered', error: null, attempts: 2 })
  })

  it('sends one module-open e-mail when the drip schedule opens a module, on its day', async () => {
    const admin = (await h.signedIn({ role: 'admin' })).client
    const second = h.courseStore.current().document.modules[1]!
    const saved = await admin.put('/api/admin/schedule', { mode: 'drip', dripDays: { [second.id]: 3 } })
    expect(saved.status, saved.text).toBe(200)
    const learner = await newLearner('Drip Learner')
    await h.db.update(user).set({ firstSignedInAt: T0 }).where(eq(user.id, learner.id))
    try {
      // Module 2 opens at 00:00 UTC three days after the day of the first sign-in.
      await tick(at(2, 14))
      expect(mailsTo(learner.email)).toHaveLength(0)
      await tick(at(3, -8))
      await tick(at(3, 2))
      await tick(at(4))
    } finally {
      await admin.put('/api/admin/schedule', { mode: 'all', dripDays: {} })
    }
    const mails = mailsTo(learner.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('Module 2 is open')
    expect(mails[0]!.text).toContain(`${h.env.publicUrl}/module/2`)
  })

  it('reminds once, 30 days before a certificate expires, and not a learner who turned renewal reminders off', async () => {
    const expiring = async (name: string, suffix: string) => {
      const learner = await newLearner(name, 8)
      const id = `SWS-TEST0-RENEW-ALS00-0000${suffix}`
      await h.db.insert(certificate).values({ id, userId: learner.id, recipientName: name, completedAt: T0, moduleCount: 8, issuedAt: T0 })
      // As the owner's validity would have set it at issue (the trigger reads the policy, off here).
      await h.db.update(certificate).set({ expiresAt: at(60) }).where(eq(certificate.id, id))
      return { learner, id }
    }
    const { learner, id } = await expiring('Renewing Learner', '1')
    const { learner: away } = await expiring('Renewal Optout', '2')
    await h.db.insert(emailOptOut).values({ userId: away.id, kind: 'renewal' })
    const renewals = (email: string) => mailsTo(email).filter((mail) => mail.subject.startsWith('Your certificate expires'))
    await tick(at(29, 23))
    expect(renewals(learner.email)).toHaveLength(0)
    await tick(at(30, 1))
    await tick(at(31))
    await tick(at(59))
    await tick(at(61))
    const [mail] = renewals(learner.email)
    expect(renewals(learner.email)).toHaveLength(1)
    expect(mail!.subject).toBe(`Your certificate expires on January 1, 2027 — ${h.env.site.courseName}`)
    expect(mail!.text).toContain(`${h.env.publicUrl}/completion`)
    expect(mail!.text).toContain('knowledge check')
    expect(mail!.headers.get('list-unsubscribe')).toBeTruthy()
    expect(renewals(away.email)).toHaveLength(0)
    const records = await h.db.select().from(sentEmail).where(eq(sentEmail.userId, learner.id))
    expect(records.filter((row) => row.kind === 'renewal').map((row) => row.occasion)).toEqual([`certificate:${id}`])
  })
})
