import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEMPORARY_PASSWORD_ALPHABET } from '../src/shared/temporary-password'
import { linkIn, startSmtpCapture, type SmtpCapture } from '../src/server/test/smtp-capture'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { startPortal, type Portal } from './support/portal'
import { choosePassword, signIn, toast } from './support/flows'

let browser: Browser
let portal: Portal
let smtp: SmtpCapture
let admin: { context: BrowserContext; page: Page }
const adminEmail = 'admin@example.com'
const adminPassword = 'admin chosen passphrase'

beforeAll(async () => {
  smtp = await startSmtpCapture()
  portal = await startPortal({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  admin = await newPage()
  // The first admin replaces the printed temporary password, then opens the panel from the menu.
  await signIn(admin.page, adminEmail, portal.adminPassword!)
  await admin.page.waitForURL('**/change-password')
  await choosePassword(admin.page, adminPassword)
  await admin.page.getByRole('link', { name: 'Admin Panel' }).click()
  await admin.page.waitForURL('**/admin')
  await admin.page.getByRole('heading', { name: 'Manage Users' }).waitFor()
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
  await smtp?.close()
})

async function newPage(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    viewport,
    baseURL: portal.url,
    permissions: ['clipboard-read', 'clipboard-write'],
  })
  return { context, page: await context.newPage() }
}

async function expectToast(page: Page, text: string) {
  await toast(page, text).first().waitFor()
  // Toasts pile up over a long test: close them so the next check sees only its own.
  await page.evaluate(() =>
    document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((button) => button.click()),
  )
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' })
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const row = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByText(email, { exact: true }) })

async function search(page: Page, term: string) {
  await page.getByLabel('Search users by email or name').fill(term)
  await page.waitForURL((url) => (url.searchParams.get('search') ?? '') === term)
}

async function createUser(page: Page, user: { email: string; fullName?: string; sendLoginDetails?: boolean }) {
  await page.getByLabel('Email', { exact: true }).first().fill(user.email)
  await page.getByLabel('Full Name (optional)').fill(user.fullName ?? '')
  await page.getByRole('button', { name: 'Generate' }).click()
  const password = await page.getByLabel('Temporary Password').inputValue()
  const checkbox = page.getByLabel('E-mail the login details to the user')
  if (user.sendLoginDetails === false) await checkbox.uncheck()
  await page.getByRole('button', { name: 'Create User' }).click()
  return password
}

describe('an admin manages a learner', () => {
  it('creates them with e-mailed login details, edits, promotes and deletes them; the deleted session ends at once', async () => {
    const { page } = admin
    expect(await page.title()).toBe('Admin Panel - CRM Training')
    await expectNoAxeViolations(page, '/admin')

    // Create: the e-mail box is ticked by default; Generate gives 12 characters from the alphabet.
    await expect(page.getByLabel('E-mail the login details to the user').isChecked()).resolves.toBe(true)
    const learnerEmail = 'casey@example.com'
    const password = await createUser(page, { email: learnerEmail, fullName: 'Casey Broker' })
    expect(password).toHaveLength(12)
    expect([...password].every((char) => TEMPORARY_PASSWORD_ALPHABET.includes(char))).toBe(true)
    await toast(page, 'User created successfully. Password copied to clipboard.').waitFor()
    expect(await clipboard(page)).toBe(password)
    await expect(page.getByLabel('Temporary Password').inputValue()).resolves.toBe('')
    await expect(row(page, learnerEmail).textContent()).resolves.toMatch(/casey@example\.com.*Casey Broker.*User.*0\/8/)

    // The login details arrive by e-mail; the learner signs in with them and is held on change-password.
    const mail = await smtp.waitFor(learnerEmail, (m) => m.subject.startsWith('Your login details'))
    expect(mail.text).toContain(`Temporary password: ${password}`)
    const learner = await newPage()
    await learner.page.goto(linkIn(mail, `${portal.url}/auth`))
    await learner.page.getByLabel('Email').fill(learnerEmail)
    await learner.page.getByLabel('Password').fill(password)
    await learner.page.getByRole('button', { name: 'Sign In' }).click()
    await learner.page.waitForURL('**/change-password')
    await learner.page.goto('/dashboard')
    await learner.page.waitForURL('**/change-password')
    await choosePassword(learner.page, 'casey own passphrase')

    // A learner at /admin is sent to the dashboard without one admin request being made.
    const adminRequests: string[] = []
    learner.page.on('request', (request) => {
      if (request.url().includes('/api/admin/')) adminRequests.push(request.url())
    })
    await learner.page.goto('/admin')
    await learner.page.waitForURL('**/dashboard')
    await expect(learner.page.getByRole('link', { name: 'Admin Panel' }).count()).resolves.toBe(0)
    expect(adminRequests).toEqual([])

    // Edit Details: the sign-in e-mail changes too (docs/decisions/0006-admin-edits-sign-in-email.md).
    await row(page, learnerEmail).getByRole('button', { name: 'Edit Details' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit User Details' })
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe(learnerEmail)
    await expect(dialog.getByLabel('Full Name').inputValue()).resolves.toBe('Casey Broker')
    await expectNoAxeViolations(page, 'Edit Details dialog')
    await dialog.getByLabel('Email').fill(adminEmail)
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'A user with this email already exists')
    await dialog.getByText('A user with this email already exists').waitFor()
    await dialog.getByLabel('Email').fill('casey.jones@example.com')
    await dialog.getByLabel('Full Name').fill('Casey Jones')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'User details updated successfully')
    await dialog.waitFor({ state: 'detached' })
    const newEmail = 'casey.jones@example.com'
    await expect(row(page, newEmail).textContent()).resolves.toContain('Casey Jones')
    // Focus went back to the button that opened the dialog.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Edit Details')

    // Edit Role inline: Cancel keeps the role, Save changes it; the learner sees it on their next request.
    await row(page, newEmail).getByRole('button', { name: 'Edit Role' }).click()
    await row(page, newEmail).getByRole('combobox', { name: `Role for ${newEmail}` }).click()
    await page.getByRole('option', { name: 'Admin' }).click()
    await row(page, newEmail).getByRole('button', { name: 'Cancel' }).click()
    await expect(row(page, newEmail).getByRole('combobox').count()).resolves.toBe(0)
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Edit Role')
    await row(page, newEmail).getByRole('button', { name: 'Edit Role' }).click()
    await row(page, newEmail).getByRole('combobox').click()
    await page.getByRole('option', { name: 'Admin' }).click()
    await row(page, newEmail).getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'User role updated successfully')
    await expect(row(page, newEmail).getByText('Admin', { exact: true }).count()).resolves.toBe(1)
    await learner.page.goto('/admin')
    await learner.page.getByRole('heading', { name: 'Manage Users' }).waitFor()
    await learner.page.goto('/dashboard')

    // Delete, after the confirmation naming the e-mail.
    await row(page, newEmail).getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await confirm.getByText(`This will permanently delete the user ${newEmail}. This action cannot be undone.`).waitFor()
    await expectNoAxeViolations(page, 'delete confirmation')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(row(page, newEmail).count()).resolves.toBe(1)
    await row(page, newEmail).getByRole('button', { name: 'Delete' }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'User deleted successfully')
    await row(page, newEmail).waitFor({ state: 'detached' })
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Manage Users')

    // The deleted user's open session stops working at once.
    await expect(learner.page.evaluate(() => fetch('/api/profile').then((r) => r.status))).resolves.toBe(401)
    await learner.page.goto('/progress')
    await learner.page.waitForURL('**/auth')
    await learner.context.close()
  })
})

describe('the create form', () => {
  it('shows the spec’s validation messages, the server’s refusal, and copies on request', async () => {
    const { page } = admin
    await page.getByLabel('Email', { exact: true }).first().fill('not-an-email')
    await page.getByLabel('Full Name (optional)').fill('n'.repeat(101))
    await page.getByLabel('Temporary Password').fill('short')
    await page.getByRole('button', { name: 'Create User' }).click()
    await page.getByText('Invalid email format').waitFor()
    await page.getByText('Name must be less than 100 characters').waitFor()
    await page.getByText('Password must be at least 8 characters').waitFor()
    await expectNoAxeViolations(page, '/admin with errors')

    await page.getByLabel('Temporary Password').fill('x'.repeat(129))
    await page.getByRole('button', { name: 'Create User' }).click()
    await page.getByText('Password must be less than 128 characters').waitFor()

    await page.getByRole('button', { name: 'Generate' }).click()
    await page.getByRole('button', { name: 'Copy password' }).click()
    await expectToast(page, 'Password copied to clipboard')
    expect(await clipboard(page)).toBe(await page.getByLabel('Temporary Password').inputValue())

    await page.getByLabel('Email', { exact: true }).first().fill(adminEmail.toUpperCase())
    await page.getByLabel('Full Name (optional)').fill('')
    await page.getByRole('button', { name: 'Create User' }).click()
    await expectToast(page, 'A user with this email already exists')
  })

  it('sends no e-mail when the box is unticked, and creates an admin when asked', async () => {
    const { page } = admin
    await page.reload()
    await page.getByRole('combobox', { name: 'Role' }).click()
    await page.getByRole('option', { name: 'Admin' }).click()
    await createUser(page, { email: 'quiet.admin@example.com', sendLoginDetails: false })
    await expectToast(page, 'User created successfully. Password copied to clipboard.')
    await expect(row(page, 'quiet.admin@example.com').getByText('Admin', { exact: true }).count()).resolves.toBe(1)
    // The server answers after sending: a message would be here already.
    expect(smtp.messages.filter((m) => m.to.includes('quiet.admin@example.com'))).toEqual([])
  })

  it('refuses to demote the last admin, and offers no Delete for yourself', async () => {
    const { page } = admin
    await page.goto('/admin')
    // quiet.admin is an admin too: demote them first, so this admin is the last one.
    await row(page, 'quiet.admin@example.com').getByRole('button', { name: 'Edit Role' }).click()
    await row(page, 'quiet.admin@example.com').getByRole('combobox').click()
    await page.getByRole('option', { name: 'User' }).click()
    await row(page, 'quiet.admin@example.com').getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'User role updated successfully')

    const self = row(page, adminEmail)
    await expect(self.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0)
    await self.getByRole('button', { name: 'Edit Role' }).click()
    await self.getByRole('combobox').click()
    await page.getByRole('option', { name: 'User' }).click()
    await self.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, "Failed to update role. You can't remove the admin role from the last admin.")
    await page.keyboard.press('Escape')
    await expect(self.getByRole('combobox').count()).resolves.toBe(0)
    await expect(self.getByText('Admin', { exact: true }).count()).resolves.toBe(1)
  })
})

describe('search and pages', () => {
  it('pages 50 at a time and searches on the server', async () => {
    const { page } = admin
    // 55 more users in one bulk import (creating each through the form's API would hash 55
    // passwords). They share one creation time, so which 50 come first is the ids' order.
    const rows = Array.from({ length: 55 }, (_, i) => `pager.${String(i).padStart(2, '0')}@example.com,${i === 7 ? 'Zelda Nakamura' : `Pager ${i}`},user`)
    const response = await page.request.post('/api/admin/imports?mode=commit&sendLoginDetails=false', {
      headers: { origin: portal.url, 'content-type': 'text/csv' },
      data: ['email,full_name,role', ...rows].join('\n'),
    })
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ created: 55 })
    await page.goto('/admin')
    const pages = page.getByRole('navigation', { name: 'User list pages' })
    await pages.getByText(/^Showing 1–50 of \d+ users$/).waitFor()
    await expect(page.getByRole('row').count()).resolves.toBe(51)
    await pages.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL('**/admin?page=2')
    await pages.getByText(/^Showing 51–\d+ of \d+ users$/).waitFor()
    await pages.getByText('Page 2 of 2').waitFor()

    await search(page, 'nakamura')
    expect(new URL(page.url()).searchParams.get('page')).toBeNull()
    await page.getByText('1 user matching “nakamura”').waitFor()
    await expect(page.getByRole('row').count()).resolves.toBe(2)
    await row(page, 'pager.07@example.com').waitFor()
    await expect(pages.count()).resolves.toBe(0)

    await search(page, 'no such learner')
    await page.getByText('No users found').waitFor()
    await expectNoAxeViolations(page, '/admin, nothing found')
    await search(page, '')
    await pages.getByText(/^Showing 1–50 of \d+ users$/).waitFor()
  })
})

describe('when things go wrong', () => {
  it('says so when the list cannot load, and offers to try again', async () => {
    const { page } = admin
    await page.route('**/api/admin/users?*', (route) => route.fulfill({ status: 500, body: '' }))
    await page.goto('/admin')
    await expectToast(page, 'Failed to load users')
    await page.getByRole('button', { name: 'Try again' }).waitFor()
    await page.unroute('**/api/admin/users?*')
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('navigation', { name: 'User list pages' }).getByText(/^Showing 1–50 of \d+ users$/).waitFor()
    await expect(page.getByRole('row').count()).resolves.toBe(51)
  })

  it('answers a lost session with "Not authenticated" and goes to sign-in', async () => {
    const other = await newPage()
    await signIn(other.page, adminEmail, adminPassword)
    await other.page.waitForURL('**/dashboard')
    await other.page.goto('/admin?search=pager.07')
    await row(other.page, 'pager.07@example.com').waitFor()
    await other.context.clearCookies()
    await row(other.page, 'pager.07@example.com').getByRole('button', { name: 'Delete' }).click()
    await other.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await toast(other.page, 'Not authenticated').waitFor()
    await other.page.waitForURL('**/auth')
    await other.context.close()
    // Nothing was deleted.
    await admin.page.goto('/admin?search=pager.07')
    await row(admin.page, 'pager.07@example.com').waitFor()
  })
})

describe('on a phone', () => {
  it('shows the users as cards and keeps every action and dialog usable', async () => {
    const phone = await newPage({ width: 390, height: 844 })
    await signIn(phone.page, adminEmail, adminPassword)
    await phone.page.waitForURL('**/dashboard')
    await phone.page.goto('/admin?search=pager.07')
    const card = phone.page.getByRole('listitem').filter({ hasText: 'pager.07@example.com' })
    await card.waitFor()
    await expect(phone.page.getByRole('table').count()).resolves.toBe(0)
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(phone.page, '/admin on a phone')
    await card.getByRole('button', { name: 'Edit Details' }).click()
    await phone.page.getByRole('dialog', { name: 'Edit User Details' }).getByRole('button', { name: 'Cancel' }).click()
    await card.getByRole('button', { name: 'Delete' }).click()
    await phone.page.getByRole('alertdialog').getByText('pager.07@example.com').waitFor()
    await phone.page.keyboard.press('Escape')
    await phone.context.close()
  })
})

describe('the panel’s addresses', () => {
  it('opens each section from its own address, with its tab and title, and answers an unknown one with the 404 page', async () => {
    const other = await newPage()
    await signIn(other.page, adminEmail, adminPassword)
    await other.page.waitForURL('**/dashboard')
    const tabs = other.page.getByRole('navigation', { name: 'Admin sections' })
    for (const [path, tab, title] of [
      ['/admin/import', 'Import', 'Import Users - Admin Panel'],
      ['/admin/reports', 'Reports', 'Reports - Admin Panel'],
      ['/admin/course/questions', 'Course', 'Questions - Course - Admin Panel'],
      ['/admin/integrations', 'Integrations', 'Integrations - Admin Panel'],
      ['/admin/activity', 'Activity', 'Activity - Admin Panel'],
    ] as const) {
      const response = await other.page.goto(path)
      expect(response?.status(), path).toBe(200)
      await tabs.locator('[aria-current="page"]', { hasText: tab }).waitFor()
      await expect.poll(() => other.page.title()).toBe(`${title} - CRM Training`)
    }
    // From one section to another in the app: the same panel, the focus on the tab pressed.
    await tabs.getByRole('link', { name: 'Users' }).click()
    await other.page.waitForURL('**/admin')
    await other.page.getByRole('heading', { name: 'Manage Users' }).waitFor()
    await expect(other.page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Users')

    const response = await other.page.goto('/admin/no-such-section')
    expect(response?.status()).toBe(404)
    await other.page.getByText('Oops! Page not found').waitFor()
    await expect(other.page.getByRole('heading', { name: 'Admin Panel' }).count()).resolves.toBe(0)
    await other.context.close()
  })
})
