import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSiteConfig, type SiteConfig } from '../src/shared/site-config'
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './support/browser'
import { startPortal, type Portal } from './support/portal'

const headline = 'Transform Your Mortgage Business With Our Custom Client Journey System'
const salesTitle = 'CRM Training Course - $1,199 - Success Without Sacrifice'
const purchaseSteps = [
  'Log in to your CRM',
  'Click your initials',
  'Choose Marketplace',
  'Find the course listing',
  'Click the link and pay',
  'Receive your login details',
]

let browser: Browser
let portal: Portal
// The build read the same variables: the defaults unless SITE_* overrides are set.
const site = (parseSiteConfig(process.env) as { ok: true; config: SiteConfig }).config

beforeAll(async () => {
  portal = await startPortal()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

type Visit = { page: Page; context: BrowserContext; problems: string[]; hosts: Set<string>; scripts: string[] }

/** The Welcome and sales pages are never hydrated: their only script is src/client/public-page.ts (decision 0060). */
const publicPages = new Set(['/', '/sales'])
/** Pages whose script waits for the visitor to reach for them (decision 0066): nothing hydrates on its own. */
const loadedOnIntent = new Set(['/auth'])

/**
 * Opens a page and records what a visitor should never meet: console errors or warnings
 * (React reports hydration mismatches there), uncaught errors, elements of the prerendered
 * HTML that a script threw away instead of hydrating, and requests to other hosts; and the
 * scripts it loaded.
 */
async function visit(path: string, viewport = { width: 1280, height: 800 }): Promise<Visit> {
  const context = await browser.newContext({ viewport, baseURL: portal.url })
  const page = await context.newPage()
  const problems: string[] = []
  const hosts = new Set<string>()
  const scripts: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  page.on('request', (request) => {
    hosts.add(new URL(request.url()).host)
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.addInitScript(() => {
    const removed: string[] = []
    Object.assign(window, { removedPrerenderedElements: removed })
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.outerHTML.slice(0, 80))
      }
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  if (!publicPages.has(path) && !loadedOnIntent.has(path)) await waitForHydration(page)
  return { page, context, problems, hosts, scripts }
}

/** A public page loaded its own small script (and what it imports) and nothing else: no React, no app bundle. */
async function expectOnlyThePublicPageScript({ scripts }: Visit) {
  expect(scripts[0]).toMatch(/^\/assets\/public-page-[\w-]+\.js$/)
  const bodies = await Promise.all(scripts.map(async (script) => Buffer.from(await (await fetch(`${portal.url}${script}`)).arrayBuffer())))
  expect(bodies.reduce((total, body) => total + gzipSync(body).length, 0)).toBeLessThan(2_000)
  for (const body of bodies) expect(body.toString()).not.toMatch(/react|createElement|hydrateRoot/i)
}

async function expectCleanLoad({ page, problems, hosts }: Visit) {
  expect(problems).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { removedPrerenderedElements: string[] }).removedPrerenderedElements)).toEqual([])
  expect([...hosts]).toEqual([`localhost:${portal.port}`])
}

const metaContent = (page: Page, selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content')

function decodeEntities(html: string) {
  return html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&')
}

describe('the HTML served before any JavaScript runs', () => {
  it('has the sales page’s headline, price, steps, title and description, and no inline script', async () => {
    const response = await fetch(`${portal.url}/sales`)
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(html).toContain(`<h1 id="sales-headline"`)
    expect(html).toContain(headline)
    expect(html).toContain('$1,199')
    for (const step of purchaseSteps) expect(html).toContain(step)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain(`<title>${salesTitle}</title>`)
    expect(head).toMatch(/<meta name="description" content="[^"]{50,}"/)
    expect(head).toContain(`<meta property="og:title" content="${salesTitle}"/>`)
    expect(head).toMatch(/<meta property="og:description" content="[^"]{50,}"/)
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/)
  })

  it('has the welcome page’s content', async () => {
    const html = decodeEntities(await (await fetch(`${portal.url}/`)).text())
    for (const text of ['Start Your Training', "What You'll Learn", '8 Comprehensive Modules', 'Access Your Course']) {
      expect(html).toContain(text)
    }
    expect(html).toContain('<title>Welcome - CRM Training</title>')
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/)
  })

  it('comes with the security headers, as do its scripts, a revalidation and the API', async () => {
    const page = await fetch(`${portal.url}/sales`, { headers: { 'accept-encoding': 'br' } })
    const script = /<script[^>]*\bsrc="([^"]+)"/.exec(await page.text())?.[1]
    expect(script).toMatch(/^\/assets\//)
    const answers = [
      page,
      await fetch(`${portal.url}${script}`),
      await fetch(`${portal.url}/sales`, { headers: { 'if-none-match': page.headers.get('etag')! } }),
      await fetch(`${portal.url}/api/health`),
      await fetch(`${portal.url}/no-such-page`),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 304, 200, 404])
    for (const answer of answers) {
      // Scripts from the portal only: YouTube's player API only where a player is (decision 0084).
      expect(answer.headers.get('content-security-policy'), answer.url).toMatch(/^default-src 'self'; script-src 'self';/)
      expect(answer.headers.get('content-security-policy'), answer.url).toContain("frame-src 'none'")
      expect(answer.headers.get('x-frame-options'), answer.url).toBe('DENY')
      expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff')
      expect(answer.headers.get('referrer-policy'), answer.url).toBe('strict-origin-when-cross-origin')
    }
  })
})

describe('the sales page', () => {
  it('shows the headline, the price, every section, and loads cleanly, without other hosts or the app’s bundle', async () => {
    const visited = await visit('/sales')
    const { page, context } = visited
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(headline)
    expect(await page.getByText('$1,199', { exact: true }).isVisible()).toBe(true)
    expect(await page.title()).toBe(salesTitle)
    await expect(page.locator('title').count()).resolves.toBe(1)
    await expect(metaContent(page, 'name="description"')).resolves.toMatch(/8 self-paced video modules.*\$1,199/)
    await expect(metaContent(page, 'property="og:title"')).resolves.toBe(salesTitle)

    const features = page.getByRole('region', { name: 'Everything You Need to Succeed' }).getByRole('listitem')
    await expect(features.locator('h3').allTextContents()).resolves.toEqual([
      '8 Comprehensive Modules',
      'Proven Strategies',
      'Onboarding Support',
      'Lifetime Access',
      'Self-Paced Learning',
    ])
    const benefits = page.getByRole('region', { name: 'Run Your Whole Business From One System' })
    await expect(benefits.locator('ul').first().getByRole('listitem').count()).resolves.toBe(6)
    await expect(benefits.getByText('One-time payment').isVisible()).resolves.toBe(true)
    await expect(benefits.getByText('Lifetime access', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(benefits.locator('ul').nth(1).getByRole('listitem').count()).resolves.toBe(4)

    const steps = page.getByRole('region', { name: 'How to Purchase' }).locator('ol > li h3')
    await expect(steps.allTextContents()).resolves.toEqual(purchaseSteps.map((step, i) => `Step ${i + 1}: ${step}`))
    await page.getByRole('heading', { name: 'Ready to Transform Your Mortgage Business?' }).waitFor()

    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: site.contactEmail }).getAttribute('href')).resolves.toBe(`mailto:${site.contactEmail}`)
    await footer.getByText('© 2025').waitFor()

    await expectCleanLoad(visited)
    await expectOnlyThePublicPageScript(visited)
    await expectNoAxeViolations(page, '/sales')
    await context.close()
  })

  it('scrolls to the purchase steps with "Already a User? Purchase Now", and moves focus there', async () => {
    const { page, context } = await visit('/sales')
    const heading = page.getByRole('heading', { name: 'How to Purchase' })
    const top = () => heading.evaluate((element) => element.getBoundingClientRect().top)
    expect(await top()).toBeGreaterThan(800)

    await page.getByRole('link', { name: 'Already a User? Purchase Now' }).click()
    await page.waitForFunction(() => {
      const box = document.getElementById('how-to-purchase')!.getBoundingClientRect()
      return Math.abs(box.top - 64) < 2
    })
    expect(await top()).toBeLessThan(800)
    await expect(heading.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
    // The header stays over the page and does not hide the steps.
    const firstStep = page.getByRole('heading', { name: `Step 1: ${purchaseSteps[0]}` })
    expect(await firstStep.isVisible()).toBe(true)
    await context.close()
  })

  it('opens the CRM trial and login in a new tab, without opener or referrer', async () => {
    const { page, context } = await visit('/sales')
    const trial = page.getByRole('link', { name: 'Start Your Free CRM Trial (opens in a new tab)' })
    const login = page.getByRole('link', { name: 'Log In to Your CRM (opens in a new tab)' })
    for (const [link, href] of [
      [trial, site.crmTrialUrl],
      [login, site.crmLoginUrl],
    ] as const) {
      await expect(link.getAttribute('href')).resolves.toBe(href)
      await expect(link.getAttribute('target')).resolves.toBe('_blank')
      await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer')
    }
    // Every other external link on the page (the purchase steps' CRM links) too.
    const externalLinks = await page.locator('a[target="_blank"]').all()
    expect(externalLinks.length).toBeGreaterThanOrEqual(4)
    for (const external of externalLinks) {
      await expect(external.getAttribute('rel')).resolves.toBe('noopener noreferrer')
    }

    // The CRM is another site: answer for it here, so the test needs no network.
    const crmOrigin = new URL(site.crmTrialUrl).origin
    await context.route((url) => url.origin === crmOrigin, (route) => route.fulfill({ contentType: 'text/html', body: '<title>CRM</title>' }))
    const [tab] = await Promise.all([context.waitForEvent('page'), trial.click()])
    await tab.waitForLoadState()
    expect(tab.url()).toBe(site.crmTrialUrl)
    expect(await tab.evaluate(() => window.opener)).toBeNull()
    expect(page.url()).toBe(`${portal.url}/sales`)
    await context.close()
  })

  it('goes to /auth with Login', async () => {
    const { page, context } = await visit('/sales')
    await page.getByRole('link', { name: 'Login', exact: true }).click()
    await page.waitForURL('**/auth')
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
    await context.close()
  })

  it('reaches the purchase steps from the keyboard', async () => {
    const { page, context } = await visit('/sales')
    const purchaseNow = page.getByRole('link', { name: 'Already a User? Purchase Now' })
    for (let presses = 0; presses < 10; presses++) {
      await page.keyboard.press('Tab')
      if (await purchaseNow.evaluate((element) => element === document.activeElement)) break
    }
    await expect(purchaseNow.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('How to Purchase')
    await context.close()
  })
})

describe('the public pages without JavaScript', () => {
  it('work: the purchase link, Login and the course links are plain anchors', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: portal.url })
    const page = await context.newPage()
    await page.goto('/sales')
    await page.getByRole('link', { name: 'Already a User? Purchase Now' }).click()
    await page.waitForURL('**/sales#how-to-purchase')
    await page.getByRole('link', { name: 'Login', exact: true }).click()
    await page.waitForURL('**/auth')
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Access Your Course' }).getAttribute('href')).resolves.toBe('/dashboard')
    await page.getByText('8 Comprehensive Modules').first().waitFor()
    await context.close()
  })
})

describe('the welcome page', () => {
  it('shows the hero, the video placeholder and what you will learn, and loads only its own small script', async () => {
    const visited = await visit('/')
    const { page, context } = visited
    expect(await page.title()).toBe('Welcome - CRM Training')
    await expect(metaContent(page, 'name="description"')).resolves.toMatch(/8 short video modules/)
    await expect(metaContent(page, 'property="og:title"')).resolves.toBe('Welcome - CRM Training')
    await page.getByText('Video coming soon').waitFor()
    const learn = page.getByRole('region', { name: "What You'll Learn" })
    await expect(learn.locator('h3').allTextContents()).resolves.toEqual(['8 Comprehensive Modules', 'Step-by-Step Guidance', 'Expert Support'])
    for (const name of ['Start Your Training', 'Access Your Course']) {
      await expect(page.getByRole('link', { name }).getAttribute('href')).resolves.toBe('/dashboard')
    }
    await expectCleanLoad(visited)
    await expectOnlyThePublicPageScript(visited)
    await expectNoAxeViolations(page, '/')
    await context.close()
  })

  it('takes a signed-out visitor from Start Your Training to /dashboard, and so to /auth', async () => {
    const { page, context } = await visit('/')
    const visited: string[] = []
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname))
    await page.getByRole('link', { name: 'Start Your Training' }).click()
    await page.waitForURL('**/auth')
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
    expect([...new Set(visited)]).toEqual(['/dashboard', '/auth'])
    await context.close()
  })
})

describe('the sign-in page', () => {
  it('arrives with its form and only the loader, hydrates cleanly once the visitor reaches for it, and fetches zod only once they type', async () => {
    const html = await (await fetch(`${portal.url}/auth`)).text()
    expect(html).toContain('Welcome Back')
    expect(html).toMatch(/<input[^>]*name="email"/)
    expect(html).toMatch(/<script type="module" src="\/assets\/load-app-[\w-]+\.js"[^>]*data-start="intent"/)

    const visited = await visit('/auth')
    const { page, context, scripts } = visited
    // Nothing but the loader while the visitor only looks.
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/load-app-[\w-]+\.js$/)])
    await page.getByLabel('Email').focus()
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    const hydrated = scripts.length
    expect(hydrated).toBeGreaterThan(1)
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('email')
    await page.getByLabel('Email').pressSequentially('a')
    await expect.poll(() => scripts.length).toBeGreaterThan(hydrated)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByText('Invalid email format').waitFor()
    await expectCleanLoad(visited)
    await context.close()
  })

  it('keeps a submit made before the form could answer, and checks it once it can', async () => {
    const visited = await visit('/auth')
    const { page, context } = visited
    // The click itself is the visitor's first sign: the page's script is not even requested yet.
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByText('Invalid email format').waitFor()
    await page.getByText('Password is required').waitFor()
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('email')
    await expectCleanLoad(visited)
    await context.close()
  })

  it('keeps a click on Forgot your password? made before the form could answer', async () => {
    const visited = await visit('/auth')
    const { page, context } = visited
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor()
    // Not expectCleanLoad: the reset form rightly replaces the sign-in form the page arrived with.
    expect(visited.problems).toEqual([])
    await context.close()
  })
})

describe('page weight', () => {
  // The public pages carry no framework (decision 0060); /auth carries the sign-in form, loaded
  // once the visitor reaches for it (decision 0066): the budget is what loads before that.
  const scriptBudgets: Record<string, number> = { '/sales': 15_000, '/': 15_000, '/auth': 70_000 }
  for (const [path, budget] of Object.entries(scriptBudgets)) {
    it(`loads at most ${budget / 1000} kB of JavaScript and 20 kB of CSS (gzip) on ${path}, and nothing of the signed-in app`, async () => {
      const context = await browser.newContext({ baseURL: portal.url })
      const page = await context.newPage()
      const scripts: Promise<Buffer>[] = []
      page.on('response', (response) => response.request().resourceType() === 'script' && scripts.push(response.body()))
      await page.goto(path, { waitUntil: 'networkidle' })
      if (!publicPages.has(path) && !loadedOnIntent.has(path)) await waitForHydration(page)
      const gzipSize = (body: Buffer | string) => gzipSync(body, { level: 9 }).length
      const total = (bodies: Buffer[]) => bodies.reduce((sum, body) => sum + gzipSize(body), 0)
      expect(total(await Promise.all(scripts))).toBeLessThanOrEqual(budget)
      if (loadedOnIntent.has(path)) {
        // And once the visitor reaches for the form, the form's script stays within the budget it had before 0066.
        await page.getByLabel('Email').focus()
        await waitForHydration(page)
        await page.waitForLoadState('networkidle')
        expect(total(await Promise.all(scripts))).toBeLessThanOrEqual(100_000)
      }
      const bodies = await Promise.all(scripts)
      const css = await page.evaluate(() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n'))
      expect(gzipSize(css)).toBeLessThanOrEqual(20_000)
      // TanStack Query (the session) belongs to the signed-in screens, sonner comes with the first
      // toast, and the sign-in page has no router either.
      const absent = path === '/auth' ? /No QueryClient set|data-sonner-toaster|useNavigate\(\) may be used only/ : /No QueryClient set|data-sonner-toaster/
      for (const body of bodies) expect(body.toString()).not.toMatch(absent)
      await context.close()
    })
  }
})

describe('at 360 px wide', () => {
  for (const path of ['/sales', '/']) {
    it(`fits ${path} without sideways scrolling, with nothing for axe to find`, async () => {
      const visited = await visit(path, { width: 360, height: 740 })
      const { page, context } = visited
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(360)
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox()
      expect(heading!.x).toBeGreaterThanOrEqual(0)
      expect(heading!.x + heading!.width).toBeLessThanOrEqual(360)
      const action = page.getByRole('link', { name: path === '/' ? 'Start Your Training' : 'Already a User? Purchase Now' })
      const box = (await action.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(360)
      expect(await action.isVisible()).toBe(true)
      await expectCleanLoad(visited)
      await expectNoAxeViolations(page, `${path} at 360 px`)
      await context.close()
    })
  }
})
