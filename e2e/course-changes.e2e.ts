import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './support/browser'
import { signInAdmin } from './support/course-admin'
import { signIn, toast } from './support/flows'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'

// An admin publishes changes of the course through the API while a learner's browser is open on
// it: the learner sees each on the next page load, with no restart of the server
// (docs/decisions/0035-course-content-in-the-database.md, 0036-course-changes-and-progress.md).
let browser: Browser
let portal: Portal
let context: BrowserContext
let page: Page
let admin: Awaited<ReturnType<typeof signInAdmin>>
let ninthId = ''
const learner = { email: 'lee@example.com', password: 'lee course passphrase', name: 'Lee Broker' }
const course = { email: 'ada@example.com', password: 'ada admin passphrase', name: 'Ada Admin' }
const sentence = 'Reply to every new lead within the hour, even on a Sunday.'

beforeAll(async () => {
  const dataDir = tempDir('course-changes-')
  await createUserWithCli(dataDir, ['--email', learner.email, '--name', learner.name, '--password', learner.password, '--permanent'])
  await createUserWithCli(dataDir, ['--email', course.email, '--name', course.name, '--role', 'admin', '--password', course.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: portal.url, reducedMotion: 'reduce' })
  page = await context.newPage()
  await signIn(page, learner.email, learner.password)
  await page.waitForURL('**/dashboard')
  admin = await signInAdmin(portal.url, course.email, course.password)
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

const stat = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')
/** The dashboard's card for the module at `moduleNumber`. */
const card = (moduleNumber: number) =>
  page.getByRole('region', { name: 'Course Modules' }).locator(`a[href="/module/${moduleNumber}"]`)

/** As the learner's other device would: straight through the API. */
async function completeElsewhere(moduleId: string) {
  const response = await context.request.put(`/api/progress/${moduleId}`, { data: { completed: true }, headers: { origin: portal.url } })
  expect(response.status()).toBe(200)
}

describe('a learner’s open browser, while an admin publishes', () => {
  it('shows a module’s new introduction after a reload, rendered from its Markdown, without a restart', async () => {
    await page.goto('/module/3')
    await page.getByRole('heading', { level: 1, name: 'Module 3: Lead Management' }).waitFor()
    await page.getByRole('button', { name: 'Mark as Complete' }).click()
    await page.getByRole('button', { name: 'Completed' }).waitFor()
    await expect(page.getByText(sentence).count()).resolves.toBe(0)

    await admin.editModule('m3', (module) => ({ ...module, introduction: `${module.introduction} **${sentence}**` }))
    await admin.publish('Reply to leads within the hour')
    await page.reload()
    await page.locator('strong', { hasText: sentence }).waitFor()
    await page.getByRole('button', { name: 'Completed' }).waitFor()
    expect(portal.output().match(/Portal ready/g)).toHaveLength(1)
  })

  it('counts a ninth module: the dashboard says of 9, and eight done does not complete the course', async () => {
    ninthId = (await admin.addModule('Referral Partners')).id
    await admin.publish('A ninth module')
    await page.goto('/dashboard')
    await page.getByText('1 of 9 completed').waitFor()
    await expect(stat('Completed').textContent()).resolves.toBe('1/9')
    await card(9).getByText('Referral Partners').waitFor()

    for (const moduleId of ['m1', 'm2', 'm4', 'm5', 'm6', 'm7']) await completeElsewhere(moduleId)
    await page.goto('/module/8')
    const footer = page.getByRole('navigation', { name: 'Module navigation' })
    await footer.getByRole('link', { name: 'Next Referral Partners' }).waitFor()
    await expect(page.getByRole('region', { name: 'Congratulations!' }).count()).resolves.toBe(0)
    await page.getByRole('button', { name: 'Mark as Complete' }).click()
    await toast(page, 'Congratulations! Module 8 completed! 🎉').waitFor()

    // Eight of nine: the dashboard stays (a finished course would send the learner to Completion).
    await page.goto('/dashboard')
    await page.getByText('8 of 9 completed').waitFor()
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    await expect(stat('Completed').textContent()).resolves.toBe('8/9')
    await expect(page.getByRole('link', { name: 'Continue Learning' }).getAttribute('href')).resolves.toBe('/module/9')
    await page.goto('/completion')
    await page.getByRole('heading', { name: 'Almost there' }).waitFor()
    await page.getByText('You have 1 module left. Complete all 9 to earn your certificate of completion.').waitFor()

    // The public pages count the published course too.
    await page.goto('/')
    await page.getByText('9 Comprehensive Modules').waitFor()
  })

  it('keeps the learner’s tick on a completed module when two modules swap places', async () => {
    const order = (await admin.draft()).modules.filter((module) => module.status !== 'removed').map((module) => module.id)
    expect(order).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', ninthId])
    await admin.reorder(['m1', 'm2', ninthId, 'm4', 'm5', 'm6', 'm7', 'm8', 'm3'])
    await admin.publish('Referral Partners third')

    await page.goto('/dashboard')
    await card(3).getByText('Referral Partners').waitFor()
    await card(3).getByText('Up next').waitFor()
    await card(9).getByText('Lead Management').waitFor()
    await card(9).getByText('Completed').waitFor()
    await page.getByText('8 of 9 completed').waitFor()

    await page.goto('/module/9')
    await page.getByRole('heading', { level: 1, name: 'Module 9: Lead Management' }).waitFor()
    await page.getByRole('button', { name: 'Completed' }).waitFor()
    await page.locator('strong', { hasText: sentence }).waitFor()
    await page.goto('/module/3')
    await page.getByRole('heading', { level: 1, name: 'Module 3: Referral Partners' }).waitFor()
    await page.getByRole('button', { name: 'Mark as Complete' }).waitFor()
  })
})
