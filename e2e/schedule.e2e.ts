import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './support/browser'
import { choosePassword, signIn, toast } from './support/flows'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'

// The course's schedule in Chromium on a 360 px phone against the real server
// (docs/decisions/0090-course-schedule.md): the owner sets it in the Course section, the learner's
// dashboard cards and module page say why a module is locked, and an admin opens every module for
// the learner from their row. Axe on each new screen.

const PHONE = { width: 360, height: 740 }
const dana = { email: 'dana@example.com', password: 'dana course passphrase' }

let browser: Browser
let portal: Portal
let admin: { context: BrowserContext; page: Page }
let learner: { context: BrowserContext; page: Page }

async function phonePage() {
  const context = await browser.newContext({ viewport: PHONE, baseURL: portal.url })
  return { context, page: await context.newPage() }
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

async function saveSchedule(page: Page, mode: 'All at once' | 'In order' | 'Drip', days: Record<string, string> = {}) {
  await page.goto('/admin/course')
  await page.getByRole('heading', { name: 'Course Schedule' }).waitFor()
  await page.getByRole('radio', { name: new RegExp(`^${mode}`) }).check()
  for (const [label, value] of Object.entries(days)) await page.getByLabel(label).fill(value)
  await page.getByRole('button', { name: 'Save Schedule' }).click()
  await toast(page, 'Schedule saved').waitFor()
}

const moduleCard = (page: Page, moduleNumber: number) => page.getByRole('link', { name: new RegExp(`^Module ${moduleNumber}\\b`) })

beforeAll(async () => {
  const dataDir = tempDir('schedule-')
  await createUserWithCli(dataDir, ['--email', dana.email, '--password', dana.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
  admin = await phonePage()
  await signIn(admin.page, 'admin@example.com', portal.adminPassword!)
  await admin.page.waitForURL('**/change-password')
  await choosePassword(admin.page, 'admin chosen passphrase')
  learner = await phonePage()
  await signIn(learner.page, dana.email, dana.password)
  await learner.page.waitForURL('**/dashboard')
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

describe('the course schedule on a phone', () => {
  it('lets the owner choose "in order", and the learner sees which module to finish first', async () => {
    await saveSchedule(admin.page, 'In order')
    expect(await noSidewaysScroll(admin.page)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(admin.page, '/admin/course with the schedule at 360 px')

    const { page } = learner
    await page.goto('/dashboard')
    await waitForHydration(page)
    await expect.poll(() => moduleCard(page, 2).innerText()).toContain('Finish module 1 first')
    expect(await moduleCard(page, 2).innerText()).toContain('Locked')
    expect(await moduleCard(page, 1).innerText()).not.toContain('Locked')
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page, '/dashboard with locked modules at 360 px')
    // The side menu, a drawer on the phone, names the next module to open and why.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click()
    const menu = page.getByRole('dialog', { name: 'Main menu' })
    await menu.getByText('Module 2: Finish module 1 first').waitFor()
    await expectNoAxeViolations(page, 'the side menu with the schedule at 360 px')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })

    // Keyboard: the locked card is a link like the others, and its page says why.
    await moduleCard(page, 2).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL('**/module/2')
    await page.getByRole('heading', { name: 'Module 2 is not open yet' }).waitFor()
    await page.getByText('Finish module 1 first.').waitFor()
    await expectNoAxeViolations(page, '/module/2 locked at 360 px')
    // The server sends none of it, and a reload (the server's own page) shows the same.
    expect((await learner.context.request.get('/api/course/modules/2')).status()).toBe(403)
    await page.reload()
    await page.getByText('Finish module 1 first.').waitFor()
  })

  it('shows a drip module\'s opening day, and an admin opens every module for the learner', async () => {
    await saveSchedule(admin.page, 'Drip', { 'Module 3: Lead Management': '7' })
    const opens = new Date(Date.now() + 7 * 86_400_000)
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(opens)

    const { page } = learner
    await page.goto('/dashboard')
    await waitForHydration(page)
    await expect.poll(() => moduleCard(page, 3).innerText()).toContain(`Opens on ${day}`)
    expect(await moduleCard(page, 2).innerText()).not.toContain('Locked')
    await page.goto('/module/3')
    await page.getByText(`Opens on ${day}.`).waitFor()

    await admin.page.goto('/admin')
    const open = admin.page.getByRole('button', { name: `Open All Modules for ${dana.email}` })
    await open.click()
    await toast(admin.page, `Every module is open to ${dana.email}`).waitFor()
    await admin.page.getByRole('button', { name: `Apply Schedule Again for ${dana.email}` }).waitFor()
    await expectNoAxeViolations(admin.page, '/admin with the schedule action at 360 px')

    await page.goto('/module/3')
    await page.getByRole('heading', { name: /Lead Management/ }).first().waitFor()
    expect(await page.getByText('is not open yet').count()).toBe(0)
  })
})
