import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { choosePassword, signIn, toast } from './support/flows'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'

// The course studio in Chromium against the real server: an admin edits, previews, publishes and
// restores the course while a signed-in learner reads it, and everything works from the keyboard.
// `UPDATE_DOCS_SCREENSHOTS=1` also writes the Course section's picture for the README and docs.

let browser: Browser
let portal: Portal
let admin: { context: BrowserContext; page: Page }
let learner: { context: BrowserContext; page: Page }
const casey = { email: 'casey@example.com', password: 'casey course passphrase', name: 'Casey Broker' }

const newIntroduction =
  'Every deal starts as a lead. This module shows you how to **create contacts** that your automations can reach, and how to move each lead across the board.'
const newTip = 'Call a new lead within the hour: a quick first call books far more discovery calls.'

beforeAll(async () => {
  const dataDir = tempDir('studio-')
  await createUserWithCli(dataDir, ['--email', casey.email, '--name', casey.name, '--password', casey.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
  admin = await newPage()
  await signIn(admin.page, 'admin@example.com', portal.adminPassword!)
  await admin.page.waitForURL('**/change-password')
  await choosePassword(admin.page, 'admin chosen passphrase')
  learner = await newPage()
  await signIn(learner.page, casey.email, casey.password)
  await learner.page.waitForURL('**/dashboard')
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

async function newPage(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, baseURL: portal.url })
  return { context, page: await context.newPage() }
}

/** Waits for a toast, then closes every toast so the next check sees only its own. */
async function expectToast(page: Page, text: string) {
  await toast(page, text).first().waitFor()
  await page.evaluate(() =>
    document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((button) => button.click()),
  )
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' })
}

const saveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Not saved)/ })

async function expectSaved(page: Page) {
  await saveStatus(page).filter({ hasText: /^Saved$/ }).waitFor()
}

/** The module page a learner opens, fresh from the server. */
async function readModule(page: Page, moduleNumber: number) {
  await page.goto(`/module/${moduleNumber}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  return (await page.locator('main').textContent()) ?? ''
}

async function openCourseSection(page: Page) {
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Course' }).click()
  await page.waitForURL('**/admin/course')
  await page.getByRole('heading', { name: 'Course Modules' }).waitFor()
  await page.getByRole('list', { name: 'Modules in course order' }).waitFor()
}

const moduleOrder = (page: Page) =>
  page
    .getByRole('list', { name: 'Modules in course order' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.textContent?.replace(/^Module \d+: /, '')))

describe('the course studio', () => {
  it('an admin edits module 3, previews and publishes it; the learner sees it; a restored version brings the old text back', async () => {
    const { page } = admin
    const before = await readModule(learner.page, 3)
    expect(before).toContain('Every deal starts as a lead. This module shows you how to create contacts and leads')
    expect(before).not.toContain(newTip)
    await expect(learner.page.getByRole('button', { name: /^Play video/ }).count()).resolves.toBe(0)

    await openCourseSection(page)
    expect(await page.title()).toBe('Course - Admin Panel - CRM Training')
    expect(await moduleOrder(page)).toHaveLength(8)
    await expect(page.getByRole('button', { name: 'Publish' }).isDisabled()).resolves.toBe(true)
    await page.getByText('Nothing to publish: the draft is the same as version 3.').waitFor()
    await expectNoAxeViolations(page, 'the Course section')

    // The editor: the introduction, a new pro tip, a Vimeo video on the first lesson.
    await page.getByRole('link', { name: 'Module 3: Lead Management' }).click()
    await page.waitForURL('**/admin/course/modules/m3')
    const introduction = page.getByLabel('Introduction')
    await introduction.waitFor()
    expect(await page.title()).toBe('Edit Module: Lead Management - Admin Panel - CRM Training')
    await expectSaved(page)
    await expectNoAxeViolations(page, 'the module editor')

    await introduction.fill(newIntroduction)
    await saveStatus(page).filter({ hasText: 'Saving…' }).waitFor()
    await expectSaved(page)

    const tips = page.getByRole('region', { name: 'Pro tips' })
    await tips.getByRole('button', { name: 'Add pro tip' }).click()
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-describedby') !== null)).resolves.toBe(true)
    await page.keyboard.type(newTip)
    await expectSaved(page)

    const lesson = page.getByRole('group', { name: 'Lesson 1' })
    await lesson.getByLabel('Video').click()
    await page.getByRole('option', { name: 'Vimeo' }).click()
    await lesson.getByLabel('Vimeo video id').fill('https://vimeo.com/76979871')
    await expect(lesson.getByLabel('Vimeo video id').inputValue()).resolves.toBe('76979871')
    await expectSaved(page)
    await expectNoAxeViolations(page, 'the module editor after edits')

    // The preview: the learner's page from the editor's text, marked, with nothing that changes progress.
    await page.getByRole('link', { name: 'Preview' }).click()
    await page.waitForURL('**/admin/course/modules/m3/preview')
    await page.getByText('Preview — learners see this after you publish').waitFor()
    const preview = page.locator('main')
    await preview.getByRole('heading', { level: 1, name: /Lead Management/ }).waitFor()
    await expect(preview.textContent()).resolves.toContain('how to create contacts that your automations can reach')
    await expect(preview.locator('strong', { hasText: 'create contacts' }).count()).resolves.toBe(1)
    await expect(preview.textContent()).resolves.toContain(newTip)
    await preview.getByRole('button', { name: /^Play video\b.*Creating Contacts/ }).waitFor()
    await expect(preview.getByRole('button', { name: 'Mark as Complete' }).isDisabled()).resolves.toBe(true)
    await expect(preview.getByRole('link', { name: /^Next/ }).getAttribute('href')).resolves.toBeNull()
    await expectNoAxeViolations(page, 'the preview')
    expect(await page.title()).toBe('Preview: Lead Management - Admin Panel - CRM Training')
    await page.getByRole('link', { name: 'Back to the editor' }).click()
    await page.waitForURL('**/admin/course/modules/m3')
    await expect(introduction.inputValue()).resolves.toBe(newIntroduction)

    // Nothing reaches the learner before the publish.
    expect(await readModule(learner.page, 3)).not.toContain(newTip)

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Course' }).click()
    await page.waitForURL('**/admin/course')
    await page.getByRole('list', { name: 'Modules in course order' }).getByText('Changed', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Publish' }).click()
    const publish = page.getByRole('dialog', { name: 'Publish the course' })
    await publish.getByLabel('Note').fill('Lead Management: a faster first call, and the lesson video')
    await publish.getByRole('button', { name: 'Publish version 4' }).click()
    await expectToast(page, 'Version 4 published')
    await page.getByRole('cell', { name: 'Lead Management: a faster first call, and the lesson video' }).waitFor()

    // The learner, signed in all along, sees the new version on the next page load; no restart.
    const published = await readModule(learner.page, 3)
    expect(published).toContain('how to create contacts that your automations can reach')
    expect(published).toContain(newTip)
    await learner.page.getByRole('button', { name: /^Play video\b.*Creating Contacts/ }).waitFor()

    // Restore version 3 (the seed's last: drizzle/0011_course_guides_v3.sql) into the draft, then publish it.
    await page.getByRole('row', { name: /Guides edited for a busy broker/ }).getByRole('button', { name: 'Restore version 3' }).click()
    const restore = page.getByRole('alertdialog', { name: 'Restore version 3?' })
    await restore.getByText(/This replaces the draft with version 3/).waitFor()
    await restore.getByText(/Learners keep seeing version 4 until you publish/).waitFor()
    await restore.getByRole('button', { name: 'Replace the draft' }).click()
    await expectToast(page, 'Version 3 is now the draft. Publish to make it live.')
    expect(await readModule(learner.page, 3)).toContain(newTip)

    await page.getByRole('button', { name: 'Publish' }).click()
    await publish.getByLabel('Note').fill('Back to the first version')
    await publish.getByRole('button', { name: 'Publish version 5' }).click()
    await expectToast(page, 'Version 5 published')
    await page.getByRole('row', { name: /Back to the first version/ }).getByText('Restored from version 3').waitFor()

    const restored = await readModule(learner.page, 3)
    expect(restored).toContain('Every deal starts as a lead. This module shows you how to create contacts and leads')
    expect(restored).not.toContain(newTip)
    await expect(learner.page.getByRole('button', { name: /^Play video/ }).count()).resolves.toBe(0)
  })

  it('moves a module with the keyboard alone: Tab to Move up, Enter; the focus stays on the module', async () => {
    const { page } = admin
    await openCourseSection(page)
    const before = await moduleOrder(page)
    expect(before.slice(1, 3)).toEqual(['General Overview', 'Lead Management'])

    // From the section's heading, Tab until Move up of Lead Management has the focus.
    await page.getByRole('heading', { name: 'Course Modules' }).focus()
    const target = 'Move “Lead Management” up'
    for (let presses = 0; presses < 40; presses++) {
      if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === target) break
      await page.keyboard.press('Tab')
    }
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(target)
    await page.keyboard.press('Enter')

    await expect.poll(() => moduleOrder(page)).toEqual([before[0], 'Lead Management', 'General Overview', ...before.slice(3)])
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(target)
    await page.getByText('Moved “Lead Management” to position 2 of 8.').waitFor()
    await page.getByRole('button', { name: 'Publish' }).and(page.locator(':not([disabled])')).waitFor()

    // Saved on the server: a reload shows the same order; then back down, with the keyboard.
    await page.reload()
    await page.getByRole('list', { name: 'Modules in course order' }).waitFor()
    expect((await moduleOrder(page)).slice(1, 3)).toEqual(['Lead Management', 'General Overview'])
    await page.getByRole('button', { name: 'Move “Lead Management” down' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => moduleOrder(page)).toEqual(before)
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Move “Lead Management” down')
    await page.getByText('Nothing to publish: the draft is the same as version 5.').waitFor()
  })

  it('fits a 360 px phone: no sideways scrolling on the Course section and the editor', async () => {
    const phone = await newPage({ width: 360, height: 780 })
    try {
      await signIn(phone.page, 'admin@example.com', 'admin chosen passphrase')
      await phone.page.waitForURL('**/dashboard')
      await openCourseSection(phone.page)
      const overflow = () => phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(await overflow()).toBe(0)
      await phone.page.getByRole('link', { name: 'Module 3: Lead Management' }).click()
      await phone.page.getByLabel('Introduction').waitFor()
      expect(await overflow()).toBe(0)
    } finally {
      await phone.context.close()
    }
  })

  // Runs every time, so the picture's page is known to render; it replaces the docs' picture only
  // when asked to (UPDATE_DOCS_SCREENSHOTS=1), and otherwise goes to a temporary file.
  it('shows the whole Course section, version history included, for the docs’ picture', async () => {
    // Tall enough for the whole section: no scrolling, so the sticky top bar covers nothing.
    const shot = await newPage({ width: 1100, height: 1900 })
    try {
      await signIn(shot.page, 'admin@example.com', 'admin chosen passphrase')
      await shot.page.waitForURL('**/dashboard')
      await openCourseSection(shot.page)
      await shot.page.getByRole('cell', { name: 'Back to the first version' }).waitFor()
      const file = process.env.UPDATE_DOCS_SCREENSHOTS
        ? path.resolve(import.meta.dirname, '../docs/images/course-studio.png')
        : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sws-shot-')), 'course-studio.png')
      fs.mkdirSync(path.dirname(file), { recursive: true })
      // The main column down to the end of the section, not the empty space below it.
      const main = (await shot.page.locator('main').boundingBox())!
      const content = (await shot.page.locator('main > *').first().boundingBox())!
      const height = content.y + content.height + 24 - main.y
      await shot.page.screenshot({ path: file, clip: { x: main.x, y: main.y, width: main.width, height } })
      expect(fs.statSync(file).size).toBeGreaterThan(10_000)
      if (!process.env.UPDATE_DOCS_SCREENSHOTS) fs.rmSync(path.dirname(file), { recursive: true, force: true })
    } finally {
      await shot.context.close()
    }
  })
})
