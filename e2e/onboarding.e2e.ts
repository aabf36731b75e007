import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkIn, startSmtpCapture, type SmtpCapture } from '../src/server/test/smtp-capture'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { startPortal, type Portal } from './support/portal'
import { choosePassword, signIn } from './support/flows'

const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789abcdef0123'
const adminPassword = 'admin chosen passphrase'

let browser: Browser
let portal: Portal
let smtp: SmtpCapture
let admin: { context: BrowserContext; page: Page }

beforeAll(async () => {
  smtp = await startSmtpCapture()
  portal = await startPortal({ env: { SMTP_URL: smtp.url, WEBHOOK_SECRET } })
  browser = await launchBrowser()
  admin = await newPage()
  await signIn(admin.page, 'admin@example.com', portal.adminPassword!)
  await admin.page.waitForURL('**/change-password')
  await choosePassword(admin.page, adminPassword)
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
  await smtp?.close()
})

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>

async function newPage(options: Pick<ContextOptions, 'viewport' | 'storageState'> = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    baseURL: portal.url,
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
    storageState: options.storageState,
  })
  return { context, page: await context.newPage() }
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first()
const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true })

/**
 * The docs' curl + openssl block, run as written in a shell against the real server. Not
 * execFileSync: the SMTP capture lives in this process and must keep answering meanwhile.
 */
async function runDocsRecipe(): Promise<string> {
  const docs = fs.readFileSync(new URL('../docs/integrations.md', import.meta.url), 'utf8')
  const recipe = [...docs.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).find((block) => block.includes('openssl dgst'))!
  const { stdout } = await promisify(execFile)('bash', ['--norc', '--noprofile', '-c', recipe], {
    env: { PATH: process.env.PATH, WEBHOOK_SECRET, PORTAL_URL: portal.url },
    encoding: 'utf8',
  })
  return stdout
}

describe('a purchase on the marketplace', () => {
  it('creates the learner through the webhook; the e-mail arrives and they sign in; admins see the delivery', async () => {
    expect(JSON.parse(await runDocsRecipe())).toEqual({ orderId: 'A-1001', event: 'purchase.completed', result: 'created', replayed: false })
    const mail = await smtp.waitFor('ada@example.com', (m) => m.subject.startsWith('Your login details'))
    const password = /Temporary password: (\S+)/.exec(mail.text)![1]!

    const learner = await newPage()
    await learner.page.goto(linkIn(mail, `${portal.url}/auth`))
    await learner.page.getByLabel('Email').fill('ada@example.com')
    await learner.page.getByLabel('Password').fill(password)
    await learner.page.getByRole('button', { name: 'Sign In' }).click()
    await learner.page.waitForURL('**/change-password')
    await choosePassword(learner.page, 'ada own passphrase')
    await learner.context.close()

    // The same delivery again changes nothing and sends nothing.
    expect(JSON.parse(await runDocsRecipe())).toMatchObject({ result: 'created', replayed: true })

    const { page } = admin
    await page.goto('/admin')
    await section(page, 'Integrations').click()
    await page.waitForURL('**/admin/integrations')
    await page.getByRole('heading', { name: 'Purchase Webhook' }).waitFor()
    expect(await page.title()).toBe('Integrations - Admin Panel - CRM Training')
    await page.getByText('Configured', { exact: true }).waitFor()
    await expect(page.getByRole('textbox', { name: 'Endpoint URL' }).inputValue()).resolves.toBe(`${portal.url}/api/integrations/purchases`)
    const deliveries = page.getByRole('row').filter({ hasText: 'A-1001' })
    await deliveries.filter({ hasText: 'Learner created' }).waitFor()
    await deliveries.filter({ hasText: 'Repeat: nothing done again' }).waitFor()
    expect(await page.content()).not.toContain(WEBHOOK_SECRET)
    await expectNoAxeViolations(page, '/admin/integrations')
    expect(smtp.messages.filter((m) => m.to.includes('ada@example.com'))).toHaveLength(1)
  })
})

describe('an admin imports learners', () => {
  it('checks a CSV, imports it, and sees the learners in the report and its CSV export', async () => {
    const { page } = admin
    await section(page, 'Import').click()
    await page.waitForURL('**/admin/import')
    await page.getByLabel('CSV file').waitFor()
    await expectNoAxeViolations(page, '/admin/import')
    const template = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download a template' }).click()
    expect((await template).suggestedFilename()).toBe('import-template.csv')
    expect(fs.readFileSync((await (await template).path())!, 'utf8')).toMatch(/^email,full_name,role\r\n/)

    // A file without the header is refused as a whole, with the reason by the field and in a toast.
    const csvFile = page.getByLabel('CSV file')
    await csvFile.setInputFiles({ name: 'no-header.csv', mimeType: 'text/csv', buffer: Buffer.from('bea@example.com,Bea,user\n') })
    await page.getByRole('button', { name: 'Check File' }).click()
    await toast(page, 'Failed to check the file. The first line must be the header email,full_name,role').waitFor()
    await expect(page.getByLabel('CSV file').getAttribute('aria-invalid')).resolves.toBe('true')

    const file = 'email,full_name,role\r\nbea@example.com,"Broker, Bea",user\r\nada@example.com,Ada Again,user\r\nnot-an-email,Nobody,user\r\ncal@example.com,Cal,\r\n'
    await page.getByLabel('CSV file').setInputFiles({ name: 'learners.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
    await page.getByRole('button', { name: 'Check File' }).click()
    await page.getByRole('heading', { name: 'Check Result' }).waitFor()
    await page.getByText('learners.csv: 2 users to create, 1 row already exists, 1 row with errors.').waitFor()
    await page.getByRole('row').filter({ hasText: 'not-an-email' }).filter({ hasText: 'Invalid email format' }).waitFor()
    await expectNoAxeViolations(page, 'import check result')
    await page.getByRole('button', { name: 'Errors (1)' }).click()
    await expect(page.getByRole('row').count()).resolves.toBe(2)

    await page.getByRole('button', { name: 'Import 2 users' }).click()
    await page.getByRole('heading', { name: 'Import Result' }).waitFor()
    await toast(page, '2 users imported successfully').waitFor()
    const invitation = await smtp.waitFor('bea@example.com', (m) => m.text.includes('Choose your password'))
    expect(linkIn(invitation, `${portal.url}/change-password?token=`)).toBeTruthy()

    await section(page, 'Reports').click()
    await page.waitForURL('**/admin/reports')
    // The Import section stays on screen until the Reports chunk has loaded: wait for Reports.
    await page.getByRole('heading', { name: 'Learner Progress' }).waitFor()
    const bea = page.getByRole('row').filter({ hasText: 'bea@example.com' })
    await bea.waitFor()
    expect(await page.title()).toBe('Reports - Admin Panel - CRM Training')
    await expect(page.getByRole('definition').allTextContents()).resolves.toEqual(['3', '0', '0%'])
    await expect(bea.textContent()).resolves.toMatch(/Broker, Bea.*0\/8 · 0%.*Not started/)
    await page.getByRole('row').filter({ hasText: 'ada@example.com' }).filter({ hasText: 'Ada Broker' }).waitFor()
    await expectNoAxeViolations(page, '/admin/reports')

    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export CSV' }).click()
    const csv = fs.readFileSync((await (await download).path())!, 'utf8')
    expect((await download).suggestedFilename()).toMatch(/^learner-report-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(4)
    expect(csv).toContain('bea@example.com,"Broker, Bea",Not started,0,0,')

    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'In progress' }).click()
    await page.getByText('No learners match this status').waitFor()
    expect(new URL(page.url()).searchParams.get('status')).toBe('in-progress')
  })

  it('fits a 360 px phone: sections, import, reports and integrations', async () => {
    const phone = await newPage({ viewport: { width: 360, height: 740 }, storageState: await admin.context.storageState() })
    const sections: [string, (page: Page) => Promise<void>][] = [
      ['/admin/import', (page) => page.getByLabel('CSV file').waitFor()],
      ['/admin/reports', (page) => page.getByRole('listitem').filter({ hasText: 'bea@example.com' }).waitFor()],
      ['/admin/integrations', (page) => page.getByRole('listitem').filter({ hasText: 'A-1001' }).first().waitFor()],
    ]
    for (const [path, isReady] of sections) {
      await phone.page.goto(path)
      await isReady(phone.page)
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360)
      await expectNoAxeViolations(phone.page, `${path} at 360 px`)
    }
    await phone.context.close()
  })
})
