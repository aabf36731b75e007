import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../src/server/test/pdf-text'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'
import { toast } from './support/flows'

let browser: Browser
let portal: Portal
const learner = { email: 'casey@example.com', password: 'casey course passphrase', name: 'Casey Broker' }
/** The learner's second device: it must always show the same progress. */
let other: { context: BrowserContext; page: Page }
let certificateId = ''

const titles = [
  'Welcome & Orientation',
  'General Overview',
  'Lead Management',
  'Task Management',
  'Managing the Live Deal Dashboard',
  'Other Custom Boards',
  'Creating Custom Automations Views',
  'Monthly Newsletter',
]
const nextLabels = ['General Overview', 'Lead Management', 'Task Management', 'Live Deal Dashboard', 'Custom Boards', 'Custom Automations', 'Monthly Newsletter']

beforeAll(async () => {
  const dataDir = tempDir('course-')
  await createUserWithCli(dataDir, ['--email', learner.email, '--name', learner.name, '--password', learner.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

async function newPage(options: { viewport?: { width: number; height: number }; reducedMotion?: 'reduce' } = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    baseURL: portal.url,
    acceptDownloads: true,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  })
  return { context, page: await context.newPage() }
}

async function signIn(page: Page) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(learner.email)
  await page.getByLabel('Password').fill(learner.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/dashboard')
}

const stat = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')
const confettiCanvas = (page: Page) => page.locator('canvas[data-confetti]')

async function expectStats(page: Page, completed: number, percent: number, minutesLeft: number) {
  await page.getByText(`${completed} of 8 completed`).waitFor()
  await expect(stat(page, 'Completed').textContent()).resolves.toBe(`${completed}/8`)
  await expect(stat(page, 'Progress').textContent()).resolves.toBe(`${percent}%`)
  await expect(stat(page, 'Time Left').textContent()).resolves.toBe(`${minutesLeft} min`)
}

describe('the course', () => {
  let page: Page

  it('starts a new learner at 0 of 8 with 90 minutes left', async () => {
    ;({ page } = await newPage())
    await signIn(page)
    await page.getByRole('heading', { name: 'Course Dashboard' }).waitFor()
    expect(await page.title()).toBe('Course Dashboard - CRM Training')
    await expectStats(page, 0, 0, 90)
    await page.getByText('Your Course Progress').waitFor()
    for (const title of titles) await page.getByRole('link', { name: new RegExp(title) }).first().waitFor()
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor()
    await expect(page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).resolves.toMatch(/^mailto:/)
    await expectNoAxeViolations(page, '/dashboard')
    await page.getByRole('link', { name: 'Start Learning' }).click()
    await page.waitForURL('**/module/1')
  })

  it('shows module 1 with its lesson, guide and footer, and toggles completion with toasts and confetti', async () => {
    await page.getByRole('heading', { level: 1, name: 'Module 1: Welcome & Orientation' }).waitFor()
    expect(await page.title()).toBe('Module 1: Welcome & Orientation - CRM Training')
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('link', { name: 'Course Dashboard' }).getAttribute('href')).resolves.toBe('/dashboard')
    await page.getByText('1 lesson', { exact: true }).waitFor()
    await page.getByText('5 minutes', { exact: true }).waitFor()
    await page.getByText('Video lesson · 5 min').waitFor()
    for (const heading of ['Step-by-Step Guide', 'Important Reminders', 'Pro Tips', 'Key Takeaways']) {
      await page.getByRole('heading', { name: heading }).waitFor()
    }
    await page.getByText('Action Step').waitFor()
    await page.getByText('spend about 10 minutes exploring the layout', { exact: false }).first().waitFor()
    const footer = page.getByRole('navigation', { name: 'Module navigation' })
    await footer.getByRole('link', { name: 'Back to Dashboard' }).waitFor()
    await footer.getByRole('link', { name: 'Next General Overview' }).waitFor()
    // No request to the video host: the page makes none before a learner presses play.
    await expect(page.locator('iframe').count()).resolves.toBe(0)
    await expectNoAxeViolations(page, '/module/1')

    await page.getByRole('button', { name: 'Mark as Complete' }).click()
    await toast(page, 'Congratulations! Module 1 completed! 🎉').waitFor()
    await page.getByRole('button', { name: 'Completed' }).waitFor()
    await confettiCanvas(page).waitFor({ state: 'attached' })

    await page.getByRole('button', { name: 'Completed' }).click()
    await toast(page, 'Module 1 marked as incomplete').waitFor()
    await page.getByRole('button', { name: 'Mark as Complete' }).click()
    await page.getByRole('button', { name: 'Completed' }).waitFor()
    await expect(toast(page, 'Congratulations! Module 1 completed! 🎉').count()).resolves.toBeGreaterThanOrEqual(1)
  })

  it('shows the same progress on a second device', async () => {
    other = await newPage()
    await signIn(other.page)
    await expectStats(other.page, 1, 13, 85)
    await expect(other.page.getByRole('link', { name: 'Continue Learning' }).getAttribute('href')).resolves.toBe('/module/2')
  })

  it('rolls back with an error toast when saving fails', async () => {
    await page.getByRole('link', { name: 'Next General Overview' }).click()
    await page.getByRole('heading', { level: 1, name: 'Module 2: General Overview' }).waitFor()
    await page.route('**/api/progress/m2', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'The server is busy. Please try again.' } }),
      }),
    )
    await page.getByRole('button', { name: 'Mark as Complete' }).click()
    await toast(page, 'The server is busy. Please try again.').waitFor()
    await expect(toast(page, 'Error').count()).resolves.toBe(1)
    await page.getByRole('button', { name: 'Mark as Complete' }).waitFor()
    await page.unroute('**/api/progress/m2')
    await page.goto('/progress')
    await page.getByText('13% complete').waitFor()
    await page.goBack()
  })

  it('walks modules 2 to 8 through the next links, then sends the learner to Completion', async () => {
    for (let n = 2; n <= 8; n += 1) {
      await page.getByRole('heading', { level: 1, name: `Module ${n}: ${titles[n - 1]}` }).waitFor()
      const footer = page.getByRole('navigation', { name: 'Module navigation' })
      await footer.getByRole('link', { name: `Previous ${n === 2 ? 'Welcome & Orientation' : nextLabels[n - 3]}` }).waitFor()
      if (n === 7) {
        await expect(page.getByText(/^Lesson [12]: /).count()).resolves.toBe(2)
        await page.getByText('You need permission to edit the custom view').first().waitFor()
      }
      await page.getByRole('button', { name: 'Mark as Complete' }).click()
      await toast(page, `Congratulations! Module ${n} completed! 🎉`).waitFor()
      await page.getByRole('button', { name: 'Completed' }).waitFor()
      if (n < 8) await footer.getByRole('link', { name: `Next ${nextLabels[n - 1]}` }).click()
    }
    const banner = page.getByRole('region', { name: 'Congratulations!' })
    await banner.getByText('You have completed every module of the course.').waitFor()
    const footer = page.getByRole('navigation', { name: 'Module navigation' })
    await expect(footer.getByRole('link', { name: /^Next/ }).count()).resolves.toBe(0)
    await footer.getByRole('link', { name: 'Back to Dashboard' }).click()
    await page.waitForURL('**/completion')
  })

  it('shows the certificate on Completion and downloads it as a PDF with the name, course and id', async () => {
    await page.getByRole('heading', { level: 1, name: /Congratulations!/ }).waitFor()
    const certificate = page.getByRole('figure', { name: 'Certificate of Completion' })
    await certificate.getByText(learner.name).waitFor()
    await certificate.getByText('CRM Training Course').waitFor()
    const idText = await certificate.getByText(/^Certificate ID:/).textContent()
    certificateId = /SWS(-[0-9A-Z]{5}){4}/.exec(idText ?? '')?.[0] ?? ''
    expect(certificateId).not.toBe('')
    await page.getByRole('heading', { name: "What's Next" }).waitFor()
    await expectNoAxeViolations(page, '/completion')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Certificate' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`certificate-${certificateId}.pdf`)
    const text = pdfText(fs.readFileSync(await download.path()))
    expect(text).toContain(learner.name)
    expect(text).toContain('CRM Training Course')
    expect(text).toContain(`Certificate ID: ${certificateId}`)
    expect(text).toContain(`Verify at ${portal.url}/verify/${certificateId}`)
  })

  it('shows 100% on the Progress page here and on the second device', async () => {
    await page.getByRole('link', { name: 'Your Progress' }).click()
    await page.getByRole('heading', { name: 'Your Progress' }).waitFor()
    expect(await page.title()).toBe('Your Progress - CRM Training')
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toBe(
      'Track your CRM course progress and continue where you left off.',
    )
    await page.getByText('100% complete').waitFor()
    await page.getByText('Course Progress').waitFor()
    await expect(page.getByRole('link', { name: 'Continue Learning' }).count()).resolves.toBe(0)
    await expectNoAxeViolations(page, '/progress')

    await other.page.goto('/dashboard')
    await other.page.waitForURL('**/completion')
    await other.page.goto('/progress')
    await other.page.getByText('100% complete').waitFor()
  })

  it('lets anyone verify the certificate while signed out, and says clearly when an id is unknown', async () => {
    const visitor = await newPage({ viewport: { width: 390, height: 844 } })
    await visitor.page.goto(`/verify/${certificateId}`)
    await visitor.page.getByRole('heading', { name: 'Certificate verified' }).waitFor()
    await visitor.page.getByText(learner.name).waitFor()
    await visitor.page.getByText('CRM Training Course').first().waitFor()
    await visitor.page.getByText(certificateId).waitFor()
    expect(await visitor.page.title()).toBe('Verify Certificate - CRM Training')
    await expectNoAxeViolations(visitor.page, '/verify/:id')

    await visitor.page.goto('/verify/SWS-NOT-A-REAL-ID')
    await visitor.page.getByRole('heading', { name: 'Certificate not found' }).waitFor()
    await expect(visitor.page.getByText(learner.name).count()).resolves.toBe(0)
    await expectNoAxeViolations(visitor.page, '/verify/unknown')
    await visitor.context.close()
  })

  it('resets progress after the confirmation, keeps the certificate verifiable, and shows 0 everywhere', async () => {
    await page.goto('/dashboard')
    await page.waitForURL('**/completion')
    await page.getByRole('link', { name: 'Return to Dashboard' }).click()
    await page.waitForURL('**/dashboard')
    await expectStats(page, 8, 100, 0)
    await page.getByRole('link', { name: 'View Your Certificate' }).click()
    await page.waitForURL('**/completion')

    await page.getByRole('button', { name: 'Reset Progress' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('Are you sure you want to reset all progress? This cannot be undone.').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Reset Progress' }).click()
    await dialog.getByRole('button', { name: 'Reset Progress' }).click()
    await page.waitForURL('**/dashboard')
    await expectStats(page, 0, 0, 90)
    await page.getByRole('link', { name: 'Start Learning' }).waitFor()

    await other.page.goto('/progress')
    await other.page.getByText('0% complete').waitFor()
    const check = await other.page.request.get(`/api/certificates/${certificateId}`)
    expect(check.status()).toBe(200)
    expect((await check.json()).recipientName).toBe(learner.name)
  })

  it('skips the confetti for a learner who prefers reduced motion, and fits a 360px screen', async () => {
    const calm = await newPage({ viewport: { width: 360, height: 740 }, reducedMotion: 'reduce' })
    await signIn(calm.page)
    await calm.page.goto('/module/3')
    await calm.page.getByRole('button', { name: 'Mark as Complete' }).click()
    await toast(calm.page, 'Congratulations! Module 3 completed! 🎉').waitFor()
    await expect(confettiCanvas(calm.page).count()).resolves.toBe(0)
    const overflow = await calm.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await calm.page.goto('/dashboard')
    await expectStats(calm.page, 1, 13, 75)
    await calm.context.close()
    await other.context.close()
    await page.context().close()
  })
})
