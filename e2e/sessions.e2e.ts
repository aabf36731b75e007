import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './support/browser'
import { choosePassword, signIn, toast } from './support/flows'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'

// The Security page's session list in Chromium against the real server
// (docs/decisions/0085-session-list.md): one learner signed in from two browsers; one ends the
// other, whose very next request is refused and sent to sign in; Sign Out Everywhere Else; an
// admin ends all of the learner's sessions from their row. Axe and a 360 px phone on the way.

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const dana = { email: 'dana@example.com', password: 'dana course passphrase', name: 'Dana Broker' }

let browser: Browser
let portal: Portal

beforeAll(async () => {
  const dataDir = tempDir('sessions-')
  await createUserWithCli(dataDir, ['--email', dana.email, '--name', dana.name, '--password', dana.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

type Browsing = { context: BrowserContext; page: Page }

/** Dana signed in on a new browser: a laptop by default, or a phone with Safari's user agent. */
async function danaOn(device: 'laptop' | 'phone' = 'laptop'): Promise<Browsing> {
  const context = await browser.newContext(
    device === 'phone'
      ? { viewport: { width: 360, height: 800 }, userAgent: IPHONE_SAFARI, baseURL: portal.url }
      : { viewport: { width: 1280, height: 900 }, baseURL: portal.url },
  )
  const page = await context.newPage()
  await signIn(page, dana.email, dana.password)
  await page.waitForURL('**/dashboard')
  return { context, page }
}

const sessionRows = (page: Page) => page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')

/** Whether this browser is still signed in: a reload of a signed-in page, and the API. */
async function expectSignedOut({ context, page }: Browsing) {
  await page.goto('/dashboard')
  await page.waitForURL('**/auth**')
  await page.getByRole('button', { name: 'Sign In' }).waitFor()
  expect((await context.request.get('/api/profile')).status()).toBe(401)
}

describe('the session list', () => {
  it('shows where the learner is signed in; one browser signs the other out, which is refused at once', async () => {
    const laptop = await danaOn('laptop')
    const phone = await danaOn('phone')

    await laptop.page.goto('/security')
    await waitForHydration(laptop.page)
    await expect(laptop.page.title()).resolves.toMatch(/^Security/)
    await expect(sessionRows(laptop.page).first().textContent()).resolves.toMatch(/^Chrome on Linux\s*This device\s*Signed in just now$/)
    await expect(sessionRows(laptop.page).nth(1).textContent()).resolves.toMatch(/^Safari on iPhone\s*Signed in just now\s*Sign Out$/)
    await expectNoAxeViolations(laptop.page, 'the Security page with two sessions')

    // The phone is still signed in before, and refused right after.
    expect((await phone.context.request.get('/api/profile')).status()).toBe(200)
    await laptop.page.getByRole('button', { name: 'Sign out Safari on iPhone, signed in just now' }).click()
    await toast(laptop.page, 'Signed out Safari on iPhone').waitFor()
    await laptop.page.getByText('You are not signed in anywhere else.').waitFor()
    await expect.poll(() => sessionRows(laptop.page).count()).toBe(1)
    await expect(laptop.page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Where you are signed in')
    await expectSignedOut(phone)
    // The laptop's own session goes on.
    expect((await laptop.context.request.get('/api/profile')).status()).toBe(200)
    await phone.context.close()
    await laptop.context.close()
  })

  it('signs out everywhere else; works at 360 px', async () => {
    const phone = await danaOn('phone')
    const laptop = await danaOn('laptop')
    const other = await danaOn('laptop')

    await phone.page.goto('/security')
    await waitForHydration(phone.page)
    // These three, and the laptop of the test before (a closed window stays signed in).
    await expect.poll(() => sessionRows(phone.page).count()).toBe(4)
    await expect(sessionRows(phone.page).first().textContent()).resolves.toMatch(/^Safari on iPhone\s*This device/)
    // Nothing wider than the phone's screen.
    await expect(phone.page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360)
    await expectNoAxeViolations(phone.page, 'the Security page at 360 px')

    await phone.page.getByRole('button', { name: 'Sign Out Everywhere Else' }).click()
    await toast(phone.page, 'Signed out 3 other sessions').waitFor()
    await expect.poll(() => sessionRows(phone.page).count()).toBe(1)
    await expectSignedOut(laptop)
    await expectSignedOut(other)
    expect((await phone.context.request.get('/api/profile')).status()).toBe(200)
    for (const browsing of [phone, laptop, other]) await browsing.context.close()
  })

  it('lets an admin sign a learner out everywhere from their row, after confirming', async () => {
    const laptop = await danaOn('laptop')
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: portal.url })
    const page = await admin.newPage()
    await signIn(page, 'admin@example.com', portal.adminPassword!)
    await page.waitForURL('**/change-password')
    await choosePassword(page, 'admin chosen passphrase')

    await page.goto('/admin')
    const row = page.getByRole('row').filter({ has: page.getByText(dana.email, { exact: true }) })
    await row.getByRole('button', { name: `Sign Out Everywhere for ${dana.email}` }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Sign this user out everywhere?' })
    await expect(dialog.textContent()).resolves.toContain(`Every browser signed in as ${dana.email} is signed out on its next request.`)
    await expectNoAxeViolations(page, 'the confirmation to sign a learner out everywhere')
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await laptop.context.request.get('/api/profile')).status()).toBe(200)

    await row.getByRole('button', { name: `Sign Out Everywhere for ${dana.email}` }).click()
    await dialog.getByRole('button', { name: 'Sign Out Everywhere' }).click()
    // This laptop's, and the phone's of the test before.
    await toast(page, 'Ended 2 sessions').waitFor()
    await expectSignedOut(laptop)
    // The admin is still signed in; the learner can sign in again.
    expect((await admin.request.get('/api/profile')).status()).toBe(200)
    await signIn(laptop.page, dana.email, dana.password)
    await laptop.page.waitForURL('**/dashboard')
    await laptop.context.close()
    await admin.close()
  })
})
