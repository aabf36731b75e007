import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { choosePassword, signIn } from './support/flows'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'

// The admin panel's Activity section (the audit log) in Chromium against the real server: what a
// learner and the admin did shows up, filters narrow it, the CSV holds it, on a desktop and a phone.

let browser: Browser
let portal: Portal
let admin: { context: BrowserContext; page: Page }
const dana = { email: 'dana@example.com', password: 'dana course passphrase' }
const adminEmail = 'admin@example.com'

async function newPage(viewport = { width: 1280, height: 900 }, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ viewport, baseURL: portal.url, storageState })
  return { context, page: await context.newPage() }
}

const entryRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') })

beforeAll(async () => {
  const dataDir = tempDir('activity-')
  await createUserWithCli(dataDir, ['--email', dana.email, '--password', dana.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
  // A learner mistypes their password once, then signs in.
  const learner = await newPage()
  await signIn(learner.page, dana.email, 'not my passphrase')
  await learner.page.getByText('Invalid email or password').first().waitFor()
  await signIn(learner.page, dana.email, dana.password)
  await learner.page.waitForURL('**/dashboard')
  await learner.context.close()
  admin = await newPage()
  await signIn(admin.page, adminEmail, portal.adminPassword!)
  await admin.page.waitForURL('**/change-password')
  await choosePassword(admin.page, 'admin chosen passphrase')
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

describe('the Activity section', () => {
  it('lists what happened, newest first, filters it, and exports it as CSV', async () => {
    const { page } = admin
    await page.goto('/admin')
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Activity' }).click()
    await page.waitForURL('**/admin/activity')
    await page.getByRole('heading', { name: 'Activity' }).waitFor()
    expect(await page.title()).toBe('Activity - Admin Panel - CRM Training')

    const rows = entryRows(page)
    await rows.first().waitFor()
    const texts = await rows.allInnerTexts()
    // Newest first: the admin's password change and sign-in, the learner's sign-in and failed
    // attempt, the first admin made at first start, the learner made before by the command line.
    expect(texts.map((text) => text.split('\t')[1]?.trim())).toEqual([
      'Changed password',
      'Signed in',
      'Signed in',
      'Sign-in failed',
      'Created user',
      'Created user',
    ])
    expect(texts[3]).toContain('Not signed in')
    expect(texts[3]).toContain(dana.email)
    expect(texts[4]).toContain('Portal (first start)')
    expect(texts[5]).toContain('Command line')
    await page.getByText('6 entries').waitFor()
    await expectNoAxeViolations(page, '/admin/activity')

    // One action.
    await page.getByRole('combobox', { name: 'Action' }).click()
    await page.getByRole('option', { name: 'Sign-in failed' }).click()
    await page.waitForURL((url) => url.searchParams.get('action') === 'sign_in_failed')
    await page.getByText('1 entry matches these filters').waitFor()
    expect(await entryRows(page).count()).toBe(1)

    // The CSV holds what the filters match, formula-safe, under its own file name.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
    expect(href).toBe('/api/admin/activity.csv?action=sign_in_failed')
    const csv = await page.evaluate(async (url) => {
      const response = await fetch(url)
      return { text: await response.text(), disposition: response.headers.get('content-disposition') }
    }, href!)
    expect(csv.disposition).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('Time (UTC),Action,Actor,Actor ID,Target,Target ID,Details,IP Address,User Agent,Request ID')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`Sign-in failed,Not signed in,,${dana.email}`)

    // An actor, with the action cleared: only the admin's own entries.
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForURL((url) => url.search === '')
    await page.getByLabel('Actor').fill(adminEmail)
    await page.waitForURL((url) => url.searchParams.get('actor') === adminEmail)
    await page.getByText('2 entries match these filters').waitFor()

    // Nothing on a day before any of it.
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.getByLabel('To', { exact: true }).fill('2020-01-01')
    await page.getByText('No activity matches these filters').waitFor()
  })

  it('fits a 360 px phone as cards, and passes axe there', async () => {
    const phone = await newPage({ width: 360, height: 740 }, await admin.context.storageState())
    await phone.page.goto('/admin/activity')
    await phone.page.getByRole('heading', { name: 'Activity' }).waitFor()
    await phone.page.getByRole('listitem').filter({ hasText: 'Changed password' }).waitFor()
    expect(await phone.page.getByRole('table').count()).toBe(0)
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(phone.page, '/admin/activity at 360 px')
    await phone.context.close()
  })
})
