import fs from 'node:fs'
import * as OTPAuth from 'otpauth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { toast } from './support/flows'
import { startPortal, type Portal } from './support/portal'

// Two-factor sign-in in Chromium against the real server, with REQUIRE_ADMIN_2FA=true (the
// default): the first admin goes temporary password → own password → second factor → admin
// panel, refused by every admin route until the second factor is on; then signs in with password
// and code, on the app's sign-in screen and on /auth opened as a page, and with a recovery code,
// which works once (docs/decisions/0038-two-factor-sign-in.md).

const adminEmail = 'admin@example.com'
const adminPassword = 'admin chosen passphrase'

let browser: Browser
let portal: Portal
let admin: { context: BrowserContext; page: Page }
/** The admin's authenticator app, set up from the QR code's URI as the page shows it. */
let authenticator: OTPAuth.TOTP
let recoveryCodes: string[]

beforeAll(async () => {
  portal = await startPortal({ env: { REQUIRE_ADMIN_2FA: 'true' } })
  browser = await launchBrowser()
  admin = await newPage()
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: portal.url, acceptDownloads: true })
  return { context, page: await context.newPage() }
}

/** Every admin API route, each as a browser would call it. */
const ADMIN_CALLS: [method: string, path: string][] = [
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users'],
  ['PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000'],
  ['PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/role'],
  ['DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000'],
  ['DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000/two-factor'],
  ['POST', '/api/admin/imports?mode=dry-run'],
  ['GET', '/api/admin/reports'],
  ['GET', '/api/admin/reports.csv'],
  ['GET', '/api/admin/integrations/purchases'],
]

/** The admin routes' answers to this browser's session: status and error code of each. */
async function adminAnswers(context: BrowserContext) {
  const answers: [string, number, string | undefined][] = []
  for (const [method, path] of ADMIN_CALLS) {
    const response = await context.request.fetch(path, { method, headers: { origin: portal.url }, data: method === 'GET' ? undefined : {} })
    const body = (await response.json().catch(() => undefined)) as { error?: { code: string } } | undefined
    answers.push([`${method} ${path}`, response.status(), body?.error?.code])
  }
  return answers
}

/** The last time step whose code this file used. */
let lastStep = -1

/**
 * A code from the app that was not used yet: each code works once (decision 0084), and the
 * server takes the current step's and the next one's. When both are used, wait for the next step.
 */
async function unusedCode(): Promise<string> {
  const stepNow = () => Math.floor(Date.now() / 30_000)
  if (lastStep > stepNow()) await new Promise((resolve) => setTimeout(resolve, lastStep * 30_000 - Date.now() + 100))
  const step = Math.max(stepNow(), lastStep + 1)
  lastStep = step
  return authenticator.generate({ timestamp: step * 30_000 + 1_000 })
}

async function signInWithPassword(page: Page) {
  await page.getByLabel('Email').fill(adminEmail)
  await page.getByLabel('Password').fill(adminPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { name: 'Enter Your Code' }).waitFor()
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await page.waitForURL('**/auth')
}

describe('two-factor sign-in for an admin', () => {
  it('holds the first admin on the setup screen, refused by every admin route, until a second factor is on', async () => {
    const { page, context } = admin
    await page.goto('/auth')
    await page.getByLabel('Email').fill(adminEmail)
    await page.getByLabel('Password').fill(portal.adminPassword!)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/change-password')
    await page.getByLabel('New Password').fill(adminPassword)
    await page.getByLabel('Confirm Password').fill(adminPassword)
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.waitForURL('**/two-factor-setup')
    await page.getByRole('heading', { name: 'Set Up Two-Factor Sign-In' }).waitFor()

    // Held: the admin panel and every other screen send them back; the server refuses every admin call.
    for (const path of ['/admin', '/dashboard', '/security']) {
      await page.goto(path)
      await page.waitForURL('**/two-factor-setup')
    }
    const refused = await adminAnswers(context)
    expect(refused).toEqual(ADMIN_CALLS.map(([method, path]) => [`${method} ${path}`, 403, 'TWO_FACTOR_REQUIRED']))

    // Setting it up: the password, the QR code (and the key as text), a first code.
    await page.getByRole('heading', { name: 'Set Up Two-Factor Sign-In' }).waitFor()
    await page.getByLabel('Password').fill(adminPassword)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('img', { name: 'QR code that adds this account to your authenticator app' }).waitFor()
    await expectNoAxeViolations(page, '/two-factor-setup, the QR code')
    const uri = (await page.locator('code', { hasText: 'otpauth://' }).textContent())!
    authenticator = OTPAuth.URI.parse(uri) as OTPAuth.TOTP
    expect(authenticator.issuer).toBe('Success Without Sacrifice')
    expect(authenticator.label).toBe(adminEmail)
    await page.getByLabel('Enter the 6-digit code from the app').fill(await unusedCode())
    await page.getByRole('button', { name: 'Turn On' }).click()

    // Ten recovery codes, to copy or download.
    const list = page.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    recoveryCodes = await list.getByRole('listitem').allTextContents()
    expect(recoveryCodes).toHaveLength(10)
    await expectNoAxeViolations(page, '/two-factor-setup, the recovery codes')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download (.txt)' }).click()])
    expect(download.suggestedFilename()).toBe('recovery-codes.txt')
    const saved = fs.readFileSync((await download.path())!, 'utf8')
    for (const code of recoveryCodes) expect(saved).toContain(code)

    await page.getByRole('button', { name: 'Done' }).click()
    await page.waitForURL('**/admin')
    await page.getByRole('heading', { name: 'Manage Users' }).waitFor()
    const allowed = await adminAnswers(context)
    expect(allowed.find(([call]) => call === 'GET /api/admin/users')?.[1]).toBe(200)
    expect(allowed.filter(([, , code]) => code === 'TWO_FACTOR_REQUIRED')).toEqual([])
  })

  it('shows the Security page with two-factor sign-in on', async () => {
    const { page } = admin
    await page.getByRole('link', { name: 'Security' }).click()
    await page.waitForURL('**/security')
    await page.getByText('Two-factor sign-in is on.', { exact: true }).waitFor()
    await page.getByRole('link', { name: 'Download My Data' }).waitFor()
    await expectNoAxeViolations(page, '/security')
    await page.getByRole('button', { name: 'New Recovery Codes' }).click()
    await page.getByRole('dialog', { name: 'New recovery codes' }).getByLabel('Password').waitFor()
    await expectNoAxeViolations(page, '/security, the new recovery codes dialog')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('signs in with the password and a code from the app, on the app’s sign-in screen', async () => {
    const { page } = admin
    // Signed out from the dashboard, so the sign-in brings them back there.
    await page.getByRole('link', { name: 'Course Dashboard' }).click()
    await page.waitForURL('**/dashboard')
    await signOut(page)
    await signInWithPassword(page)
    await expectNoAxeViolations(page, 'the code step')
    await page.getByLabel('Authentication code').fill(await unusedCode())
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/dashboard')
    await page.getByRole('link', { name: 'Admin Panel' }).waitFor()
  })

  it('signs in with a code on /auth opened as a page; a wrong code is refused first', async () => {
    const { page, context } = await newPage()
    await page.goto('/auth')
    await signInWithPassword(page)
    await page.getByLabel('Authentication code').fill(String((Number(authenticator.generate()) + 1) % 1_000_000).padStart(6, '0'))
    await page.getByRole('button', { name: 'Verify' }).click()
    await toast(page, 'That code is not right. Check your authenticator app and try again.').waitFor()
    await page.getByLabel('Authentication code').fill(await unusedCode())
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/dashboard')
    await page.getByRole('heading', { name: 'Course Dashboard', level: 1 }).waitFor()
    await context.close()
  })

  it('takes a recovery code once: a second use fails', async () => {
    const { page, context } = await newPage()
    const [code] = recoveryCodes
    const withRecoveryCode = async () => {
      await page.goto('/auth')
      await signInWithPassword(page)
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
      await page.getByRole('heading', { name: 'Enter a Recovery Code' }).waitFor()
      await page.getByLabel('Recovery code').fill(code!)
      await page.getByRole('button', { name: 'Verify' }).click()
    }
    await withRecoveryCode()
    await page.waitForURL('**/dashboard')
    await signOut(page)

    await withRecoveryCode()
    await toast(page, 'That recovery code is not right, or it was used already.').waitFor()
    expect(page.url()).toContain('/auth')
    expect((await page.context().request.get('/api/profile')).status()).toBe(401)
    await context.close()
  })
})
