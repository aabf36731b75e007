import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './support/browser'
import { signIn } from './support/flows'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'

// The dashboard, progress and module pages arrive rendered by the server with the learner's data
// (src/server/pages/signed-in-pages.ts), and React takes them over in place.
let browser: Browser
let portal: Portal
const learner = { email: 'robin@example.com', password: 'robin course passphrase', name: 'Robin Broker' }

beforeAll(async () => {
  const dataDir = tempDir('signed-in-pages-')
  await createUserWithCli(dataDir, ['--email', learner.email, '--name', learner.name, '--password', learner.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

type Visit = { page: Page; problems: string[]; apiRequests: string[] }

/** A signed-in browser that records console errors and warnings, uncaught errors and API requests. */
async function signedInContext(viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: portal.url })
  const page = await context.newPage()
  await signIn(page, learner.email, learner.password)
  await page.waitForURL('**/dashboard')
  await page.close()
  return context
}

/**
 * Opens a page and records what a learner should never meet: console errors or warnings (React
 * reports hydration mismatches there), uncaught errors, and the layout shifting. Counts the API
 * requests: the page arrived with its data.
 */
async function visit(context: BrowserContext, path: string): Promise<Visit> {
  const page = await context.newPage()
  const problems: string[] = []
  const apiRequests: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  page.on('request', (request) => new URL(request.url()).pathname.startsWith('/api/') && apiRequests.push(request.url()))
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  await waitForHydration(page)
  return { page, problems, apiRequests }
}

async function expectCleanLoad({ page, problems, apiRequests }: Visit) {
  expect(problems).toEqual([])
  expect(apiRequests).toEqual([])
  const shift = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0))
  expect(shift).toBeLessThanOrEqual(0.05)
}

/** As another device would, through the API. */
async function setCompleted(context: BrowserContext, moduleNumber: number, completed: boolean) {
  const response = await context.request.put(`/api/progress/${moduleNumber}`, { data: { completed }, headers: { origin: portal.url } })
  expect(response.status()).toBe(200)
}

const joined = (html: string) => html.replaceAll('<!-- -->', '')

describe('the signed-in pages', () => {
  it('arrive with the learner’s dashboard, hydrate without a request or a mismatch, and then work', async () => {
    const context = await signedInContext()
    const html = joined(await (await context.request.get('/dashboard')).text())
    expect(html).toContain('Welcome back, Robin.')
    expect(html).toContain('0 of 8 completed')
    // Its buttons wait for React: before it, a click would be lost.
    expect(html).toMatch(/<button(?=[^>]*title="Sign Out")[^>]*disabled/)

    const visited = await visit(context, '/dashboard')
    const { page } = visited
    await expectCleanLoad(visited)
    await expect.poll(() => page.getByRole('button', { name: 'Sign Out' }).isEnabled()).toBe(true)
    await expectNoAxeViolations(page, 'server-rendered /dashboard')

    // Client-side from here: the next screen renders from the same cache.
    await page.getByRole('link', { name: 'Start Learning' }).click()
    await page.getByRole('heading', { level: 1, name: 'Module 1: Welcome & Orientation' }).waitFor()
    await page.getByRole('button', { name: 'Mark as Complete' }).click()
    await page.getByRole('button', { name: 'Completed' }).waitFor()
    await page.getByRole('link', { name: 'Course Dashboard' }).first().click()
    await page.getByText('1 of 8 completed').waitFor()
    expect(visited.problems).toEqual([])
    await context.close()
  })

  it('render a module with its toggle in the learner’s state, which a click flips once hydrated', async () => {
    const context = await signedInContext()
    await setCompleted(context, 1, true)
    const html = await (await context.request.get('/module/1')).text()
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(<svg[^]*?<\/svg>)?Completed<\/button>/)

    const visited = await visit(context, '/module/1')
    const { page } = visited
    await expectCleanLoad(visited)
    await page.getByRole('button', { name: 'Completed' }).click()
    await page.getByRole('button', { name: 'Mark as Complete' }).waitFor()
    await expect((await context.request.get('/api/progress')).json()).resolves.toMatchObject({ completedCount: 0 })
    await context.close()
  })

  it('fit a phone: no side menu until asked for, no sideways scrolling, no layout shift', async () => {
    const context = await signedInContext({ width: 360, height: 740 })
    const visited = await visit(context, '/progress')
    const { page } = visited
    await expectCleanLoad(visited)
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(360)
    await expect(page.getByRole('complementary', { name: 'Main menu' }).isVisible()).resolves.toBe(false)
    await page.getByRole('button', { name: 'Toggle sidebar' }).click()
    await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Course Dashboard' }).click()
    await page.getByRole('heading', { level: 1, name: 'Course Dashboard' }).waitFor()
    await context.close()
  })

  it('fetch afresh after a visit to a public page, not the data the page arrived with', async () => {
    const context = await signedInContext()
    const { page } = await visit(context, '/dashboard')
    const before = (await (await context.request.get('/api/progress')).json()) as { completedCount: number }
    await page.getByText(`${before.completedCount} of 8 completed`).waitFor()
    await page.getByRole('link', { name: 'Home' }).click()
    await page.locator('h1#welcome-heading').waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    // Progress made elsewhere (another device) while this tab shows a public page.
    await setCompleted(context, 2, true)
    await page.evaluate(() => {
      history.pushState(null, '', '/dashboard')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByText(`${before.completedCount + 1} of 8 completed`).waitFor()
    await context.close()
  })
})
