import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { choosePassword, signIn, toast } from './support/flows'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'

// Settings → E-mails, a learner's e-mails on the Users list, and the preferences page an e-mail's
// link opens (no session), in Chromium against the real server; the preferences page on a phone.

let browser: Browser
let portal: Portal
let admin: { context: BrowserContext; page: Page }
const lee = { email: 'lee@example.com', password: 'lee course passphrase' }

async function newPage(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, baseURL: portal.url })
  return { context, page: await context.newPage() }
}

beforeAll(async () => {
  const dataDir = tempDir('emails-')
  await createUserWithCli(dataDir, ['--email', lee.email, '--name', 'Lee <b>Learner</b>', '--password', lee.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
  admin = await newPage()
  await signIn(admin.page, 'admin@example.com', portal.adminPassword!)
  await admin.page.waitForURL('**/change-password')
  await choosePassword(admin.page, 'admin chosen passphrase')
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

describe('Settings → E-mails', () => {
  it('shows each e-mail on or off, the cadence and a preview from a real learner, with no axe violations', async () => {
    const { page } = admin
    await page.goto('/admin')
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'E-mails' }).click()
    await page.waitForURL('**/admin/settings/emails')
    await page.getByRole('heading', { name: 'E-mails', exact: true }).waitFor()
    expect(await page.getByLabel('Days without activity').inputValue()).toBe('7, 14, 30')
    expect(await page.getByRole('checkbox', { name: 'Owner digest' }).isChecked()).toBe(false)
    await page.getByText(`Made from the data of ${lee.email}.`).waitFor()
    expect(await page.frameLocator('iframe').locator('body').innerText()).toContain('Hello Lee <b>Learner</b>,')
    await expectNoAxeViolations(page, '/admin/settings/emails')

    await page.getByLabel('Days without activity').fill('14, 7')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('alert').filter({ hasText: 'Enter the days in increasing order' }).waitFor()
    await page.getByLabel('Days without activity').fill('5, 10')
    await page.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'E-mail settings saved').waitFor()
    await page.reload()
    expect(await page.getByLabel('Days without activity').inputValue()).toBe('5, 10')
  })

  it('sends a reminder from the learner’s row and lists it there', async () => {
    const { page } = admin
    await page.goto('/admin')
    await page.getByRole('button', { name: `E-mails of ${lee.email}` }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('No course e-mails sent yet.').waitFor()
    await dialog.getByRole('button', { name: `Send a reminder now to ${lee.email}` }).click()
    await toast(page, `Reminder on its way to ${lee.email}`).waitFor()
    // The queue sends it within a few seconds (no SMTP here: the message is saved under DATA_DIR/mail).
    await expect.poll(async () => {
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: `E-mails of ${lee.email}` }).click()
      return page.getByRole('dialog').getByText('Delivered').count()
    }, { timeout: 30_000, interval: 1000 }).toBe(1)
    await expectNoAxeViolations(page, 'the learner e-mails dialog')
  })
})

describe('the preferences page', () => {
  it('opens from the e-mail’s link without a session, fits a 360 px phone, saves the choices, with no axe violations', async () => {
    const preview = await admin.page.request.get('/api/admin/emails/preview?kind=nudge')
    const { html } = (await preview.json()) as { html: string }
    const link = /href="([^"]+\/email\/preferences\?[^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&')
    const phone = await newPage({ width: 360, height: 740 })
    await phone.page.goto(link)
    await phone.page.getByRole('heading', { name: 'E-mail preferences' }).waitFor()
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectNoAxeViolations(phone.page, '/email/preferences at 360 px')

    await phone.page.getByLabel('Reminders when I have not been active for a while').uncheck()
    await phone.page.getByRole('button', { name: 'Save my choices' }).click()
    await phone.page.getByRole('status').filter({ hasText: 'Your choices are saved.' }).waitFor()
    expect(await phone.page.getByLabel('Reminders when I have not been active for a while').isChecked()).toBe(false)
    await expectNoAxeViolations(phone.page, '/email/preferences saved')

    const altered = link.replace(/s=[^&]+/, 's=altered')
    const refused = await phone.page.goto(altered)
    expect(refused!.status()).toBe(400)
    await phone.page.getByRole('heading', { name: 'This link is not valid' }).waitFor()
    await expectNoAxeViolations(phone.page, 'an altered link')
    await phone.context.close()
  })
})
