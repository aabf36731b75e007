import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpCapture, linkIn, type SmtpCapture } from '../src/server/test/smtp-capture'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { freePort } from '../src/server/test/server-process'
import { createUserWithCli, startPortal, type Portal } from './support/portal'
import { signIn, toast } from './support/flows'

let browser: Browser
let portal: Portal
let smtp: SmtpCapture
let port: number
let dataDir: string
const learner = { email: 'learner@example.com', password: 'learner passphrase 1' }

beforeAll(async () => {
  smtp = await startSmtpCapture()
  port = await freePort()
  portal = await startPortal({ port, env: { SMTP_URL: smtp.url } })
  dataDir = portal.dataDir
  // The CLI works on the DATA_DIR while the server is stopped.
  await portal.stop()
  await createUserWithCli(dataDir, ['--email', learner.email, '--name', 'Lee Learner', '--password', learner.password, '--permanent'])
  const adminPassword = portal.adminPassword
  portal = await startPortal({ port, dataDir, env: { SMTP_URL: smtp.url } })
  portal.adminPassword = adminPassword
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
  await smtp?.close()
})

async function newPage(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, baseURL: portal.url })
  const page = await context.newPage()
  return { context, page }
}


describe('signing in', () => {
  it('holds the first admin on change-password until they choose a password, then shows the dashboard', async () => {
    const { page, context } = await newPage()
    await signIn(page, 'admin@example.com', portal.adminPassword!)
    await page.waitForURL('**/change-password')
    await page.getByRole('heading', { name: 'Change Your Password' }).waitFor()

    // Held: every protected screen sends them back.
    await page.goto('/dashboard')
    await page.waitForURL('**/change-password')

    await page.getByLabel('New Password').fill('short')
    await page.getByLabel('Confirm Password').fill('short')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('Password must be at least 8 characters').waitFor()

    await page.getByLabel('New Password').fill('Password123')
    await page.getByLabel('Confirm Password').fill('Password123')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('This password is too common. Choose another one.').first().waitFor()

    await page.getByLabel('New Password').fill('admin chosen passphrase')
    await page.getByLabel('Confirm Password').fill('admin chosen passphrase!')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText("Passwords don't match").waitFor()
    await expectNoAxeViolations(page, '/change-password')

    await page.getByLabel('Confirm Password').fill('admin chosen passphrase')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.waitForURL('**/dashboard')
    await toast(page, 'Password updated successfully').waitFor()
    await page.getByRole('link', { name: 'Admin Panel' }).waitFor()

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL('**/auth')
    await page.goto('/dashboard')
    await page.waitForURL('**/auth')
    await context.close()
  })

  it('shows the spec’s validation messages and the server’s error in a toast', async () => {
    const { page, context } = await newPage()
    await page.goto('/auth')
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
    expect(await page.title()).toBe('Sign In - CRM Training')
    await page.getByText('Sign in to access your training course').waitFor()
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByText('Invalid email format').waitFor()
    await page.getByText('Password is required').waitFor()
    await expectNoAxeViolations(page, '/auth')

    await signIn(page, learner.email, 'wrong password')
    await toast(page, 'Invalid email or password').waitFor()
    await expect(toast(page, 'Error').count()).resolves.toBe(1)
    expect(page.url()).toContain('/auth')
    await context.close()
  })

  it('shows a rate limit in a toast, on sign-in and on forgot-password', async () => {
    const { page, context } = await newPage()
    const email = 'locked.out@example.com'
    const tooMany = 'Too many attempts. Please wait 15 minutes and try again.'
    const post = (path: string, data: object) => context.request.post(path, { data, headers: { origin: portal.url } })
    // The account's limits at their defaults: 10 failed sign-ins and 5 reset requests per 15 minutes.
    const failures = await Promise.all([
      ...Array.from({ length: 10 }, () => post('/api/auth/sign-in/email', { email, password: 'wrong password' })),
      ...Array.from({ length: 5 }, () => post('/api/auth/request-password-reset', { email })),
    ])
    expect(failures.map((response) => response.status())).toEqual([...Array<number>(10).fill(401), ...Array<number>(5).fill(200)])
    await signIn(page, email, 'wrong password')
    await toast(page, tooMany).waitFor()

    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await toast(page, tooMany).nth(1).waitFor()
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor()
    await context.close()
  })

  it('sends a signed-out visitor to /auth, then back where they were going', async () => {
    const { page, context } = await newPage()
    await page.goto('/progress')
    await page.waitForURL('**/auth')
    await signIn(page, learner.email, learner.password)
    await page.waitForURL('**/progress')
    // A signed-in visitor at /auth is sent on.
    await page.goto('/auth')
    await page.waitForURL('**/dashboard')
    await context.close()
  })

  it('keeps a learner out of the admin panel and hides its link', async () => {
    const { page, context } = await newPage()
    await signIn(page, learner.email, learner.password)
    await page.waitForURL('**/dashboard')
    await page.getByRole('link', { name: 'Course Dashboard' }).waitFor()
    await expect(page.getByRole('link', { name: 'Admin Panel' }).count()).resolves.toBe(0)
    await page.goto('/admin')
    await page.waitForURL('**/dashboard')
    // The URL changes before the dashboard's code has loaded and rendered.
    await page.getByRole('heading', { name: 'Course Dashboard', level: 1 }).waitFor()
    await expectNoAxeViolations(page, '/dashboard')
    await context.close()
  })
})

describe('forgot password', () => {
  it('e-mails a link that sets a new password once', async () => {
    const { page, context } = await newPage()
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor()
    await page.getByText('Enter your email to receive a password reset link').waitFor()
    await expectNoAxeViolations(page, '/auth reset mode')
    await page.getByLabel('Email').fill(learner.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await toast(page, 'Password reset email sent. Please check your inbox.').waitFor()
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()

    const mail = await smtp.waitFor(learner.email)
    const link = linkIn(mail, `${portal.url}/change-password?token=`)
    await page.goto(link)
    await page.getByLabel('New Password').fill('reset via e-mail 42')
    await page.getByLabel('Confirm Password').fill('reset via e-mail 42')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await toast(page, 'Password updated successfully').waitFor()
    await page.waitForURL('**/auth')

    await signIn(page, learner.email, 'reset via e-mail 42')
    await page.waitForURL('**/dashboard')
    learner.password = 'reset via e-mail 42'

    // The link works once.
    const second = await newPage()
    await second.page.goto(link)
    await second.page.getByLabel('New Password').fill('another try 12345')
    await second.page.getByLabel('Confirm Password').fill('another try 12345')
    await second.page.getByRole('button', { name: 'Update Password' }).click()
    await toast(second.page, 'This reset link is invalid or has expired. Please request a new one.').waitFor()
    expect(second.page.url()).toContain('/change-password')
    await second.context.close()
    await context.close()
  })
})

describe('the app shell', () => {
  it('shows the 404 page for an unknown path and logs the path', async () => {
    const { page, context } = await newPage()
    const logged: string[] = []
    page.on('console', (message) => logged.push(message.text()))
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await page.getByText('Oops! Page not found').waitFor()
    expect(logged.join('\n')).toContain('/no-such-page')
    await expectNoAxeViolations(page, '404')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(`${portal.url}/`)
    await context.close()
  })

  it('collapses the side menu to icons with the button or Ctrl+B, and remembers it across a reload', async () => {
    const { page, context } = await newPage()
    await signIn(page, learner.email, learner.password)
    await page.waitForURL('**/dashboard')
    const sidebar = page.locator('aside#app-sidebar')
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('expanded')
    for (const item of ['Home', 'Course Dashboard', 'Your Progress', 'Contact Us']) {
      await page.getByRole('navigation', { name: 'Main' }).getByText(item).waitFor()
    }
    await expect(page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).resolves.toMatch(/^mailto:/)
    await page.getByText('© 2025').waitFor()

    await page.getByRole('button', { name: 'Toggle sidebar' }).click()
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('collapsed')
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state')
    expect(cookie?.value).toBe('false')
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThan(7.1)

    await page.reload()
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('collapsed')
    // The reloaded page is rendered by the server, collapsed from the cookie; the shortcut works
    // once React has taken the page over, which the toggle's being enabled shows.
    await expect.poll(() => page.getByRole('button', { name: 'Toggle sidebar' }).isEnabled()).toBe(true)
    await page.keyboard.press('Control+b')
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('expanded')
    await context.close()
  })

  it('becomes an off-canvas drawer under 768px', async () => {
    const { page, context } = await newPage({ width: 390, height: 844 })
    await signIn(page, learner.email, learner.password)
    await page.waitForURL('**/dashboard')
    await expect(page.getByRole('link', { name: 'Your Progress' }).count()).resolves.toBe(0)
    await page.getByRole('button', { name: 'Toggle sidebar' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Your Progress' }).click()
    await page.waitForURL('**/progress')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await context.close()
  })
})

describe('restart', () => {
  it('keeps users and sessions across a restart, and refuses a second server on the same DATA_DIR', async () => {
    const { page, context } = await newPage()
    await signIn(page, learner.email, learner.password)
    await page.waitForURL('**/dashboard')

    const second = await startPortal({ dataDir }).then(
      () => 'started',
      (error: Error) => error.message,
    )
    expect(second).toContain('Another server process')
    expect(second).toContain('is already using the embedded database')

    expect(await portal.stop()).toBe(0)
    expect(portal.output()).toContain('Stopped.')
    portal = await startPortal({ port, dataDir, env: { SMTP_URL: smtp.url } })
    expect(portal.output()).not.toContain('Temporary password')

    await page.goto('/progress')
    await page.getByRole('heading', { name: 'Your Progress' }).waitFor()
    expect(page.url()).toContain('/progress')
    await context.close()
  })
})
