import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CourseProgress } from '../../shared/course/api-types'
import { createApp } from '../app'
import { certificate, moduleProgress, user } from '../db/schema'
import { addModule, COURSE, draftCourse, draftOrder, editModule, publish, reorder } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'

// What learners see when the published course changes (docs/decisions/0036-course-changes-and-progress.md).

let h: Harness
let admin: TestClient
beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin', fullName: 'Ada Admin' })).client
})
afterAll(() => h?.close())

const complete = async (client: TestClient, modules: (number | string)[], completed = true): Promise<CourseProgress> => {
  let last: CourseProgress | undefined
  for (const module of modules) {
    const response = await client.put(`/api/progress/${module}`, { completed })
    expect(response.status, response.text).toBe(200)
    last = response.json
  }
  return last!
}

const progressOf = async (client: TestClient): Promise<CourseProgress> => (await client.get('/api/progress')).json
const counterOf = async (userId: string) =>
  (await h.db.select({ n: user.completedModules }).from(user).where(eq(user.id, userId)))[0]!.n
const certificatesOf = (userId: string) => h.db.select().from(certificate).where(eq(certificate.userId, userId))
const rowsOf = async (userId: string) =>
  (await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, userId))).map((row) => row.moduleId).sort()

/** Puts the draft and the published course back to the seeded eight modules (version 3, the seed's last). */
async function backToTheSeededCourse() {
  const restored = await admin.post(`${COURSE}/versions/3/restore`)
  expect(restored.status).toBe(200)
  if (restored.json.hasChanges) await publish(admin, 'Back to the seeded course')
  expect(h.courseStore.current().learnerCatalog.modules.map((module) => module.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'])
}

const EIGHT = [1, 2, 3, 4, 5, 6, 7, 8]

describe('a ninth module', () => {
  let finisher: Awaited<ReturnType<Harness['signedIn']>>
  let earlier: typeof certificate.$inferSelect
  let ninth: string

  beforeAll(async () => {
    finisher = await h.signedIn({ fullName: 'Fin Isher' })
    await complete(finisher.client, EIGHT)
    earlier = (await certificatesOf(finisher.user.id))[0]!
    ninth = (await addModule(admin, 'Referral Partners')).id
    await publish(admin, 'A ninth module')
  })
  afterAll(backToTheSeededCourse)

  it('counts of 9 for everyone, and the course is not complete for someone who had finished the eight', async () => {
    const catalog = (await finisher.client.get('/api/course')).json
    expect(catalog.modules).toHaveLength(9)
    expect(catalog.modules[8]).toMatchObject({ id: ninth, moduleNumber: 9, title: 'Referral Partners' })
    expect(await progressOf(finisher.client)).toMatchObject({
      completedCount: 8,
      totalModules: 9,
      percent: 89,
      nextModuleNumber: 9,
      isCourseComplete: false,
    })
    const fresh = await h.signedIn()
    expect(await progressOf(fresh.client)).toMatchObject({ completedCount: 0, totalModules: 9, minutesLeft: 100 })
  })

  it('keeps the certificate its holder earned, with the facts it was issued with, verifiable', async () => {
    expect(earlier).toMatchObject({ moduleCount: 8 })
    const mine = await finisher.client.get('/api/certificate')
    expect(mine.status).toBe(200)
    expect(mine.json).toMatchObject({ id: earlier.id, completedAt: earlier.completedAt.toISOString(), moduleCount: 8 })
    const verified = await h.client().get(`/api/certificates/${earlier.id}`)
    expect(verified.status).toBe(200)
    expect(verified.json).toMatchObject({ recipientName: 'Fin Isher', completedAt: earlier.completedAt.toISOString() })
    const pdf = await finisher.client.get('/api/certificate.pdf')
    expect(pdf.status).toBe(200)
  })

  it('needs all nine for a certificate now, and says so', async () => {
    const learner = await h.signedIn()
    const eight = await complete(learner.client, EIGHT)
    expect(eight).toMatchObject({ completedCount: 8, isCourseComplete: false })
    expect(await certificatesOf(learner.user.id)).toEqual([])
    const notYet = await learner.client.get('/api/certificate')
    expect(notYet.json.error.message).toBe('You have not earned a certificate yet. Complete all 9 modules to receive it.')
    expect((await learner.client.get('/api/certificate.pdf')).json.error.message).toBe('Complete all 9 modules to download your certificate.')

    const nine = await complete(learner.client, [9])
    expect(nine).toMatchObject({ completedCount: 9, percent: 100, isCourseComplete: true, nextModuleNumber: null })
    expect(nine.modules.at(-1)).toMatchObject({ moduleId: ninth, moduleNumber: 9 })
    const [issued] = await certificatesOf(learner.user.id)
    expect(issued).toMatchObject({ moduleCount: 9 })
    expect(await counterOf(learner.user.id)).toBe(9)
  })

  it('lets an earlier finisher complete the ninth and keep the certificate they have', async () => {
    const done = await complete(finisher.client, [ninth])
    expect(done).toMatchObject({ completedCount: 9, isCourseComplete: true })
    expect(await certificatesOf(finisher.user.id)).toEqual([earlier])
  })

  it('reports the percent of nine, and a certificate holder as completed', async () => {
    const reports = await admin.get('/api/admin/reports?status=completed')
    expect(reports.status).toBe(200)
    // What the admin panel's counts are out of.
    expect(reports.json.moduleCount).toBe(9)
    expect((await admin.get('/api/admin/users')).json.moduleCount).toBe(9)
    const row = reports.json.rows.find((r: { id: string }) => r.id === finisher.user.id)
    expect(row).toMatchObject({ completedModules: 9, percent: 100, status: 'completed', certificateId: earlier.id })
    const halfway = await h.signedIn()
    await complete(halfway.client, [1, 2, 3])
    const inProgress = (await admin.get('/api/admin/reports?status=in-progress')).json.rows.find(
      (r: { id: string }) => r.id === halfway.user.id,
    )
    expect(inProgress).toMatchObject({ completedModules: 3, percent: 33 })
  })

  it('has a page for the ninth module: the server’s 404s follow the published course', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-client-'))
    try {
      fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>')
      const app = createApp({ env: h.env, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore, clientDir })
      expect((await app.request('/module/9')).status).toBe(200)
      expect((await app.request('/module/10')).status).toBe(404)
    } finally {
      fs.rmSync(clientDir, { recursive: true, force: true })
    }
  })

  it('answers the module page of the ninth, and a 404 past it', async () => {
    expect((await finisher.client.get('/api/course/modules/9')).json).toMatchObject({ id: ninth, previous: { moduleNumber: 8 }, next: null })
    expect((await finisher.client.get('/api/course/modules/8')).json.next).toMatchObject({ id: ninth, navLabel: 'Referral Partners' })
    expect((await finisher.client.get('/api/course/modules/10')).status).toBe(404)
  })
})

describe('moving modules', () => {
  afterAll(backToTheSeededCourse)

  it('keeps each learner’s progress on the module they completed, wherever it moves', async () => {
    const learner = await h.signedIn()
    await complete(learner.client, [3, 'm7'])
    const before = draftOrder(await draftCourse(admin))
    // Module 3 first, module 7 last.
    const moved = ['m3', ...before.filter((id) => id !== 'm3' && id !== 'm7'), 'm7']
    await reorder(admin, moved)
    expect((await progressOf(learner.client)).completedModuleNumbers).toEqual([3, 7])
    await publish(admin, 'Lead management first')

    const progress = await progressOf(learner.client)
    expect(progress).toMatchObject({ completedModuleNumbers: [1, 8], completedCount: 2, nextModuleNumber: 2 })
    expect(progress.modules.map((module) => [module.moduleId, module.moduleNumber])).toEqual([
      ['m3', 1],
      ['m7', 8],
    ])
    expect((await learner.client.get('/api/course/modules/1')).json).toMatchObject({ id: 'm3', title: 'Lead Management' })
    // A position now names the module that is there.
    const unmarked = await complete(learner.client, [1], false)
    expect(unmarked.completedModuleNumbers).toEqual([8])
    expect(await rowsOf(learner.user.id)).toEqual(['m7'])
    expect(await counterOf(learner.user.id)).toBe(1)
  })
})

describe('taking a module out, and bringing it back', () => {
  afterAll(backToTheSeededCourse)

  it('removes it from the counts but keeps its progress; restoring it counts it again', async () => {
    const learner = await h.signedIn()
    await complete(learner.client, [2, 5])
    expect((await admin.delete(`${COURSE}/modules/m5`)).status).toBe(200)
    await publish(admin, 'Module 5 taken out')

    expect(await progressOf(learner.client)).toMatchObject({ completedModuleNumbers: [2], completedCount: 1, totalModules: 7 })
    expect(await rowsOf(learner.user.id)).toEqual(['m2', 'm5'])
    expect(await counterOf(learner.user.id)).toBe(1)
    expect((await learner.client.put('/api/progress/m5', { completed: false })).status).toBe(404)

    expect((await admin.post(`${COURSE}/modules/m5/restore`)).status).toBe(200)
    await publish(admin, 'Module 5 is back')
    expect(await progressOf(learner.client)).toMatchObject({ completedModuleNumbers: [2, 5], completedCount: 2, totalModules: 8 })
    expect(await counterOf(learner.user.id)).toBe(2)
  })

  it('issues the certificate to a learner the change completes, dated the publish', async () => {
    const learner = await h.signedIn({ fullName: 'Al Most' })
    await complete(learner.client, [1, 2, 3, 4, 5, 6, 7])
    expect(await certificatesOf(learner.user.id)).toEqual([])
    const notYet = await h.signedIn()
    await complete(notYet.client, [1, 2, 3, 4, 5, 6, 8])
    expect((await admin.delete(`${COURSE}/modules/m8`)).status).toBe(200)
    const before = Date.now()
    await publish(admin, 'Module 8 taken out')

    const [issued] = await certificatesOf(learner.user.id)
    expect(issued).toMatchObject({ recipientName: 'Al Most', moduleCount: 7 })
    expect(issued!.completedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(await progressOf(learner.client)).toMatchObject({ completedCount: 7, totalModules: 7, isCourseComplete: true })
    expect(await counterOf(learner.user.id)).toBe(7)
    // A learner the change does not complete gets nothing, and one module fewer.
    expect(await certificatesOf(notYet.user.id)).toEqual([])
    expect(await counterOf(notYet.user.id)).toBe(6)
  })
})

describe('a module edited with every field changed', () => {
  afterAll(backToTheSeededCourse)

  it('reaches learners whole, on the next publish', async () => {
    const learner = await h.signedIn()
    await editModule(admin, 'm4', (module) => ({
      ...module,
      title: 'Tasks, Revised',
      navLabel: 'Tasks',
      minutes: 11,
      lessons: [{ ...module.lessons[0]!, video: { provider: 'youtube', id: 'dQw4w9WgXcQ' } }],
      proTips: [...module.proTips, 'A new tip with a [link](https://example.com/tips).'],
    }))
    await publish(admin, 'Tasks revised')
    const page = (await learner.client.get('/api/course/modules/4')).json
    expect(page).toMatchObject({ title: 'Tasks, Revised', navLabel: 'Tasks', minutes: 11 })
    expect(page.lessons[0].video).toEqual({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    })
    expect(page.proTips.at(-1).html).toBe(
      'A new tip with a <a href="https://example.com/tips" target="_blank" rel="noopener noreferrer">link</a>.',
    )
    expect((await learner.client.get('/api/course/modules/5')).json.previous).toMatchObject({ navLabel: 'Tasks' })
    expect((await progressOf(learner.client)).minutesLeft).toBe(91)
  })
})
