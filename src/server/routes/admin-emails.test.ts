import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_EMAIL_SETTINGS } from '../../shared/schemas/emails'
import { auditLog, emailOptOut, moduleProgress, sentEmail } from '../db/schema'
import { runDueJobs } from '../jobs/queue'
import { sendJourneyEmail } from '../services/email-journeys/send'
import { createHarness, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'

const EMAILS = '/api/admin/emails'
let h: Harness
let admin: TestClient
let adminEmail: string
let learner: Awaited<ReturnType<Harness['createUser']>>

const runJobs = () =>
  runDueJobs(h.db, {
    handlers: {
      email: async (payload, { now }) =>
        void (await sendJourneyEmail({ db: h.db, env: h.env, authSecret: h.authSecret, courseStore: h.courseStore, mailer: h.mailer }, payload, now)),
    },
  })
const auditActions = async () => (await h.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action)

beforeAll(async () => {
  h = await createHarness()
  const signedIn = await h.signedIn({ role: 'admin', fullName: 'Olive Owner' })
  admin = signedIn.client
  adminEmail = signedIn.user.email
  learner = await h.createUser({ fullName: 'Lee <b>Learner</b>' })
  await h.db.insert(moduleProgress).values({ userId: learner.id, moduleId: h.courseStore.current().document.modules[0]!.id })
})
afterAll(() => h.close())

describe('Settings → E-mails', () => {
  it('answers the defaults, saves a new cadence and audits it', async () => {
    expect((await admin.get(`${EMAILS}/settings`)).json).toEqual(DEFAULT_EMAIL_SETTINGS)
    const changed = { ...DEFAULT_EMAIL_SETTINGS, nudge: { enabled: true, days: [3, 10] }, digest: { enabled: true } }
    const saved = await admin.put(`${EMAILS}/settings`, changed)
    expect(saved.status).toBe(200)
    expect((await admin.get(`${EMAILS}/settings`)).json).toEqual(changed)
    expect(await auditActions()).toContain('email_settings_changed')
    await admin.put(`${EMAILS}/settings`, DEFAULT_EMAIL_SETTINGS)
  })

  it.each([
    ['days out of order', { ...DEFAULT_EMAIL_SETTINGS, nudge: { enabled: true, days: [14, 7] } }, 'Enter the days in increasing order'],
    ['no days', { ...DEFAULT_EMAIL_SETTINGS, nudge: { enabled: true, days: [] } }, 'Enter at least one day'],
    ['a day of 0', { ...DEFAULT_EMAIL_SETTINGS, nudge: { enabled: true, days: [0] } }, 'Days must be 1 or more'],
    ['a missing kind', { nudge: DEFAULT_EMAIL_SETTINGS.nudge }, undefined],
    ['an unknown field', { ...DEFAULT_EMAIL_SETTINGS, extra: true }, undefined],
  ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
    const before = await auditActions()
    const response = await admin.put(`${EMAILS}/settings`, body)
    expect(response.status).toBe(400)
    if (message) expect(JSON.stringify(response.json)).toContain(message)
    expect((await admin.get(`${EMAILS}/settings`)).json).toEqual(DEFAULT_EMAIL_SETTINGS)
    expect(await auditActions()).toEqual(before)
  })

  it('previews an e-mail from a real learner, escaped, without sending it', async () => {
    const before = h.smtp.messages.length
    const preview = await admin.get(`${EMAILS}/preview?kind=nudge&userId=${learner.id}`)
    expect(preview.status).toBe(200)
    expect(preview.json.learnerEmail).toBe(learner.email)
    expect(preview.json.subject).toContain('Pick up where you left off')
    expect(preview.json.html).toContain('Lee &lt;b&gt;Learner&lt;/b&gt;')
    expect(preview.json.text).toContain('You have completed 1 of 8 modules')
    expect(h.smtp.messages.length).toBe(before)
    expect((await admin.get(`${EMAILS}/preview?kind=bogus`)).status).toBe(400)
    expect((await admin.get(`${EMAILS}/preview?kind=nudge&userId=no-such-user`)).status).toBe(404)
  })

  it('sends the admin a test, marked as one, and audits it', async () => {
    const response = await admin.post(`${EMAILS}/test`, { kind: 'nudge' })
    expect(response.status).toBe(200)
    const mail = await h.smtp.waitFor(adminEmail, (sent) => sent.subject.startsWith('[Test]'))
    // Its unsubscribe link is the admin's own: following it cannot change a learner's choices.
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'email_test_sent'))
    expect(mail.headers.get('list-unsubscribe')).toContain(`u=${entry!.actorId}&`)
    expect(mail.headers.get('list-unsubscribe')).not.toContain(learner.id)
    expect((await admin.post(`${EMAILS}/test`, { kind: 'everything' })).status).toBe(400)
  })
})

describe('Send a reminder now', () => {
  it('queues one reminder, sends it once, and lists it on the learner with who asked', async () => {
    const first = await admin.post(`${EMAILS}/learners/${learner.id}/reminder`)
    expect(first.json).toEqual({ status: 'queued' })
    const second = await admin.post(`${EMAILS}/learners/${learner.id}/reminder`)
    expect(second.json).toEqual({ status: 'already_sent_today' })
    await runJobs()
    await runJobs()
    const mails = h.smtp.messages.filter((mail) => mail.to.includes(learner.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('the course team sent you a reminder')

    const sent = await admin.get(`${EMAILS}/learners/${learner.id}/sent`)
    expect(sent.status).toBe(200)
    expect(sent.json).toEqual([expect.objectContaining({ kind: 'nudge', status: 'delivered', error: null, requestedByEmail: adminEmail })])
    expect((await auditActions()).filter((action) => action === 'email_reminder_requested')).toHaveLength(1)
  })

  it('refuses an unknown learner (404), an admin (404) and a learner who turned reminders off (409), queuing nothing', async () => {
    const other = await h.createUser({ role: 'admin' })
    const away = await h.createUser()
    await h.db.insert(emailOptOut).values({ userId: away.id, kind: 'nudge' })
    expect((await admin.post(`${EMAILS}/learners/no-such-user/reminder`)).status).toBe(404)
    expect((await admin.post(`${EMAILS}/learners/${other.id}/reminder`)).status).toBe(404)
    const refused = await admin.post(`${EMAILS}/learners/${away.id}/reminder`)
    expect([refused.status, refused.json.error.message]).toEqual([409, 'This learner turned reminders off.'])
    expect((await admin.get(`${EMAILS}/learners/no-such-user/sent`)).status).toBe(404)
    await runJobs()
    expect(await h.db.select().from(sentEmail).where(eq(sentEmail.userId, away.id))).toEqual([])
  })

  it.each(REFUSED_CALLERS)('%s with %i %s, for every route', async (caller, status, code) => {
    const client = await h.clientAs(caller)
    const calls = [
      client.get(`${EMAILS}/settings`),
      client.put(`${EMAILS}/settings`, DEFAULT_EMAIL_SETTINGS),
      client.get(`${EMAILS}/preview?kind=nudge`),
      client.post(`${EMAILS}/test`, { kind: 'nudge' }),
      client.post(`${EMAILS}/learners/${learner.id}/reminder`),
      client.get(`${EMAILS}/learners/${learner.id}/sent`),
    ]
    for (const response of await Promise.all(calls)) expect([response.status, response.json.error.code]).toEqual([status, code])
  })
})
