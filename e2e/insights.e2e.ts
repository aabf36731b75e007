import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { desc } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS as DAY } from '../src/shared/durations'
import { openPglite } from '../src/server/db/client'
import { certificate, courseVersion, lessonWatch, moduleProgress, quizAttempt, user } from '../src/server/db/schema'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { choosePassword, signIn } from './support/flows'
import { startPortal, tempDir, type Portal } from './support/portal'

// The admin panel's Insights in Chromium against the real server, on a cohort written into its
// database before it starts: every chart drawn, its table showing the same numbers, on a desktop
// and a 360 px phone. With UPDATE_DOCS_SCREENSHOTS=1 it also writes docs/images/insights.png.

const LEARNERS = 40
let browser: Browser
let portal: Portal
let admin: { context: BrowserContext; page: Page }

/** 40 learners over the last six weeks: 36 signed in, 30 finished module 1, 20 module 2, 12 started module 3, 6 finished all. */
async function seedCohort(dataDir: string) {
  // Where the server keeps its embedded database (src/server/runtime.ts).
  const database = await openPglite(path.join(dataDir, 'pglite'))
  try {
    await database.migrate()
    const db = database.db
    const [live] = await db.select().from(courseVersion).orderBy(desc(courseVersion.version)).limit(1)
    // Videos on the first lesson of modules 1 to 3, published as the seed publishes.
    const document = structuredClone(live!.document)
    document.modules.slice(0, 3).forEach((module, index) => {
      module.lessons[0]!.video = { provider: 'vimeo', id: String(76979871 + index) }
    })
    await db.insert(courseVersion).values({ version: live!.version + 1, document, moduleIds: live!.moduleIds, note: 'Videos', publishedByName: 'Seed' })
    const modules = document.modules
    const now = Date.now()
    const rows = Array.from({ length: LEARNERS }, (_, i) => {
      const enrolled = new Date(now - (42 - i) * DAY)
      return {
        id: randomUUID(),
        email: `learner${String(i).padStart(2, '0')}@example.com`,
        name: `Learner ${i}`,
        source: ['webhook', 'import', 'admin'][i % 3]!,
        createdAt: enrolled,
        updatedAt: enrolled,
        firstSignedInAt: i < 36 ? new Date(enrolled.getTime() + DAY / 2) : null,
        lastActivityAt: i < 36 ? new Date(enrolled.getTime() + (i % 2 ? 2 : 1) * DAY) : null,
      }
    })
    await db.insert(user).values(rows)
    const completed = (i: number) => (i < 6 ? 8 : i < 20 ? 2 : i < 30 ? 1 : 0)
    await db.insert(moduleProgress).values(
      rows.flatMap((row, i) => modules.slice(0, completed(i)).map((module) => ({ userId: row.id, moduleId: module.id, completedAt: new Date(row.createdAt.getTime() + DAY) }))),
    )
    await db.insert(certificate).values(
      rows.slice(0, 6).map((row, i) => ({ id: `SWS-E2E-${i}`, userId: row.id, recipientName: row.name, completedAt: new Date(row.createdAt.getTime() + 3 * DAY), moduleCount: modules.length })),
    )
    const watch = (i: number, module: number, end: number) => ({
      userId: rows[i]!.id,
      moduleId: modules[module]!.id,
      lessonId: modules[module]!.lessons[0]!.id,
      ranges: [[0, end]] as [number, number][],
      positionSeconds: end,
      durationSeconds: 120,
      percentWatched: Math.round((end / 120) * 100),
      updatedAt: new Date(rows[i]!.createdAt.getTime() + DAY),
    })
    await db.insert(lessonWatch).values([
      ...rows.slice(0, 32).map((_, i) => watch(i, 0, i < 20 ? 120 : 40)),
      ...rows.slice(0, 20).map((_, i) => watch(i, 1, i < 10 ? 120 : 90)),
      ...rows.slice(0, 12).map((_, i) => watch(i, 2, i < 6 ? 120 : 20)),
    ])
    const questions = modules[0]!.knowledgeCheck!.questions
    await db.insert(quizAttempt).values(
      rows.slice(0, 30).map((row, i) => ({
        id: randomUUID(),
        userId: row.id,
        moduleId: modules[0]!.id,
        courseVersion: live!.version + 1,
        answers: questions.map((question, index) => ({ questionId: question.id, optionIds: [], correct: i % 3 !== 0 || index !== 1 })),
        score: i % 3 === 0 ? 80 : 100,
        passed: true,
        createdAt: new Date(row.createdAt.getTime() + DAY),
      })),
    )
  } finally {
    await database.close()
  }
}

beforeAll(async () => {
  const dataDir = tempDir('insights-')
  await seedCohort(dataDir)
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: portal.url })
  admin = { context, page: await context.newPage() }
  await signIn(admin.page, 'admin@example.com', portal.adminPassword!)
  await admin.page.waitForURL('**/change-password')
  await choosePassword(admin.page, 'admin chosen passphrase')
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

const card = (page: Page, title: string) => page.locator('div.rounded-xl, [class*="rounded"]').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).last()

describe('the Insights section', () => {
  it('draws every chart for the cohort, with the same numbers as a table', async () => {
    const { page } = admin
    await page.goto('/admin')
    const sections = page.getByRole('navigation', { name: 'Admin sections' })
    expect(await sections.getByRole('link').first().innerText()).toBe('Insights')
    await sections.getByRole('link', { name: 'Insights' }).click()
    await page.waitForURL('**/admin/insights')
    await page.getByRole('heading', { name: 'Funnel', exact: true }).waitFor()
    expect(await page.title()).toBe('Insights - Admin Panel - CRM Training')

    for (const name of [/^Funnel: Enrolled 40, Signed in 36, Started 32/, /^Weekly activity from/, /^Knowledge checks: module 1, 100 % passed the first attempt/, /^Average watched per lesson: M1 L1/, /^Retention of Module 1, lesson 1/]) {
      await expect.poll(() => page.getByRole('img', { name }).count()).toBe(1)
    }
    // Every chart drew its SVG.
    expect(await page.locator('[role="img"] .recharts-wrapper').count()).toBe(5)
    // 20 finished module 2: 8 never opened module 3, 6 opened it and stopped, 6 finished it.
    await page.getByText('Biggest drop: 40 % of learners who finish module 2 never start module 3, and 30 % more start it but don’t finish it.').waitFor()
    await page.getByText('Median time from first sign-in to certificate: 2.5 days (6 certificates).').waitFor()
    await page.getByRole('link', { name: 'Module 1, question 2' }).waitFor()
    await page.getByText('21 learners have not finished and not been active for 14 days or more', { exact: false }).waitFor()
    // A page of 20, the 21st on the next.
    expect(await page.getByRole('table').last().getByRole('row').filter({ has: page.getByRole('cell') }).count()).toBe(20)

    const funnel = card(page, 'Funnel')
    await funnel.getByRole('button', { name: 'Show as table' }).click()
    expect(await funnel.getByRole('button', { name: 'Show as table' }).getAttribute('aria-pressed')).toBe('true')
    const cells = async (row: string) => (await funnel.getByRole('row', { name: new RegExp(`^${row}`) }).innerText()).split('\t').map((cell) => cell.trim())
    expect(await cells('Enrolled')).toEqual(['Enrolled', '40', '—', '100 %'])
    expect(await cells('Signed in')).toEqual(['Signed in', '36', '90 %', '90 %'])
    expect(await cells('Module 2 completed')).toEqual(['Module 2 completed', '20', '67 %', '50 %'])
    expect(await cells('Certificate')).toEqual(['Certificate', '6', '100 %', '15 %'])
    await expectNoAxeViolations(page, '/admin/insights with the funnel as a table')

    // A source narrows every chart.
    await page.getByRole('combobox', { name: 'Source' }).click()
    await page.getByRole('option', { name: 'Bulk import' }).click()
    await page.waitForURL((url) => url.searchParams.get('source') === 'import')
    await expect.poll(() => cells('Enrolled')).toEqual(['Enrolled', '13', '—', '100 %'])

    if (process.env.UPDATE_DOCS_SCREENSHOTS) {
      await page.goto('/admin/insights')
      await page.getByRole('img', { name: /^Funnel/ }).waitFor()
      await page.screenshot({ path: 'docs/images/insights.png', fullPage: false })
    }
  })

  it('is usable on a 360 px phone', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: portal.url, storageState: await admin.context.storageState() })
    const page = await context.newPage()
    await page.goto('/admin/insights')
    await page.getByRole('img', { name: /^Funnel/ }).waitFor()
    await page.getByRole('img', { name: /^Retention of/ }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoAxeViolations(page, '/admin/insights at 360 px')
    await context.close()
  })
})
