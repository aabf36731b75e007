import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '../../shared/durations'
import { auditLog, emailOptOut, moduleProgress, user } from '../db/schema'
import { runDueJobs } from '../jobs/queue'
import { scanJourneys } from '../services/email-journeys/scan'
import { sendJourneyEmail } from '../services/email-journeys/send'
import { createHarness, type Harness } from '../test/harness'
import type { CapturedMail } from '../test/smtp-capture'

// The e-mails as a mail client gets them, and their signed links as a mail provider and a person
// use them: no session, no Origin. PUBLIC_URL is https here, as RFC 8058 wants it.

const PUBLIC = 'https://courses.example.com'
const HOSTILE_NAME = '<script>&"'
let h: Harness
const T0 = new Date(Date.UTC(2026, 10, 2, 9))
const day = (n: number) => new Date(T0.getTime() + n * DAY_MS)

const deps = () => ({ db: h.db, env: h.env, authSecret: h.authSecret, courseStore: h.courseStore, mailer: h.mailer })
async function tick(now: Date) {
  await scanJourneys(h.db, now)
  await runDueJobs(h.db, { handlers: { email: async (payload, { now: at }) => void (await sendJourneyEmail(deps(), payload, at)) }, now: () => now })
}
async function inactiveLearner(fullName: string) {
  const learner = await h.createUser({ fullName })
  await h.db.update(user).set({ createdAt: T0, lastActivityAt: T0 }).where(eq(user.id, learner.id))
  await h.db.insert(moduleProgress).values({ userId: learner.id, moduleId: h.courseStore.current().document.modules[0]!.id, completedAt: T0 })
  return learner
}
/** The path and query of the header's https URL. */
const unsubscribePathOf = (mail: CapturedMail) => {
  const header = mail.headers.get('list-unsubscribe') ?? ''
  const url = new URL(/^<(.+)>$/.exec(header)![1]!)
  return `${url.pathname}${url.search}`
}
/** A mail provider's one-click POST: no cookie, no Origin. */
const oneClick = (path: string, headers: Record<string, string> = {}) =>
  h.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'List-Unsubscribe=One-Click' })
const optOuts = (userId: string) => h.db.select({ kind: emailOptOut.kind }).from(emailOptOut).where(eq(emailOptOut.userId, userId))
const auditOf = (userId: string) => h.db.select().from(auditLog).where(and(eq(auditLog.targetId, userId)))

let mail: CapturedMail
let learner: Awaited<ReturnType<typeof inactiveLearner>>

beforeAll(async () => {
  h = await createHarness({ PUBLIC_URL: PUBLIC })
  learner = await inactiveLearner(HOSTILE_NAME)
  await tick(day(7))
  mail = await h.smtp.waitFor(learner.email)
})
afterAll(() => h.close())

describe('a rendered journey e-mail', () => {
  it('has an HTML and a plain-text part with the course, the reason, the module link and the learner name escaped', () => {
    expect(mail.subject).toBe(`Pick up where you left off — ${h.env.site.courseName}`)
    expect(mail.text).toContain(`Hello ${HOSTILE_NAME},`)
    expect(mail.text).toContain('You are receiving this because you have not opened the course for 7 days.')
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('Hello &lt;script&gt;&amp;&quot;,')
    expect(mail.html).toContain(h.env.site.courseName)
    expect(mail.html).toContain(`href="${PUBLIC}/module/2"`)
    expect(mail.text).toContain(`${PUBLIC}/module/2`)
    expect(mail.html).toMatch(new RegExp(`href="${PUBLIC}/email/preferences\\?u=[^"]+&amp;k=all&amp;s=[^"]+"`))
  })

  it('carries the RFC 8058 one-click unsubscribe headers, an https link for that kind', () => {
    expect(mail.headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC}/email/unsubscribe\\?u=${learner.id}&k=nudge&s=[A-Za-z0-9_-]{43}>$`))
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  })
})

describe('the one-click unsubscribe', () => {
  it('refuses a forged or altered link with 400 and changes nothing', async () => {
    const path = unsubscribePathOf(mail)
    const other = await inactiveLearner('Other Learner')
    const query = new URLSearchParams(path.split('?')[1])
    const signature = query.get('s')!
    const altered = [
      path.replace('k=nudge', 'k=completion'),
      path.replace(`u=${learner.id}`, `u=${other.id}`),
      path.replace(`s=${signature}`, `s=${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
      path.replace(`&s=${signature}`, ''),
      `/email/unsubscribe?u=${other.id}&k=nudge&s=${'A'.repeat(43)}`,
    ]
    const auditBefore = (await auditOf(learner.id)).length + (await auditOf(other.id)).length
    for (const forged of altered) {
      const response = await oneClick(forged)
      expect(response.status, forged).toBe(400)
      expect(await response.text()).toContain('This link is not valid')
    }
    expect(await optOuts(learner.id)).toEqual([])
    expect(await optOuts(other.id)).toEqual([])
    expect((await auditOf(learner.id)).length + (await auditOf(other.id)).length).toBe(auditBefore)
  })

  it('stops that kind from the raw POST without a session, at once, and audits it', async () => {
    const opened = await h.app.request(unsubscribePathOf(mail))
    expect(opened.status).toBe(200)
    expect(await optOuts(learner.id)).toEqual([])

    const response = await oneClick(unsubscribePathOf(mail))
    expect(response.status).toBe(200)
    expect(await optOuts(learner.id)).toEqual([{ kind: 'nudge' }])
    const [entry] = (await auditOf(learner.id)).filter((row) => row.action === 'email_unsubscribed')
    expect(entry).toMatchObject({ actorKind: 'user', actorId: learner.id, detail: { emails: 'nudge' } })

    // Again, and from a webmail page's origin: still fine, still one entry.
    expect((await oneClick(unsubscribePathOf(mail), { origin: 'https://mail.example.net' })).status).toBe(200)
    expect((await auditOf(learner.id)).filter((row) => row.action === 'email_unsubscribed')).toHaveLength(1)

    const before = h.smtp.messages.filter((sent) => sent.to.includes(learner.email)).length
    await tick(day(14))
    await tick(day(30))
    expect(h.smtp.messages.filter((sent) => sent.to.includes(learner.email))).toHaveLength(before)
  })
})

describe('the preferences page', () => {
  const preferencesPathOf = (captured: CapturedMail) => {
    const href = /href="(https:\/\/[^"]+\/email\/preferences\?[^"]+)"/.exec(captured.html)![1]!.replaceAll('&amp;', '&')
    const url = new URL(href)
    return `${url.pathname}${url.search}`
  }

  it('shows the choices and saves them without a session', async () => {
    const person = await inactiveLearner('Pat Preferences')
    await tick(day(7))
    const captured = await h.smtp.waitFor(person.email)
    const path = preferencesPathOf(captured)
    const page = await h.app.request(path)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<h1>E-mail preferences</h1>')
    expect(html).toContain('id="kind-nudge" name="kind" value="nudge" checked')
    expect(html).not.toContain('value="digest"')

    const saved = await h.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC },
      body: 'kind=completion',
    })
    expect(saved.status).toBe(200)
    expect(await saved.text()).toContain('Your choices are saved.')
    expect((await optOuts(person.id)).map((row) => row.kind).sort()).toEqual(['digest', 'module_open', 'nudge', 'renewal'])
  })

  it('refuses a kind-only link, an altered one and an unknown kind with 400, changing nothing', async () => {
    const person = await inactiveLearner('Sam Strict')
    await tick(day(7))
    const captured = await h.smtp.waitFor(person.email)
    const path = preferencesPathOf(captured)
    const post = (target: string, body = 'kind=completion') =>
      h.app.request(target, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC }, body })
    expect((await h.app.request(unsubscribePathOf(captured).replace('/email/unsubscribe', '/email/preferences'))).status).toBe(400)
    expect((await post(path.replace(/s=[^&]+/, 's=forged'))).status).toBe(400)
    expect((await post(path, 'kind=everything')).status).toBe(400)
    expect(await optOuts(person.id)).toEqual([])
  })
})
