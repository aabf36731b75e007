import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSiteConfig, type SiteConfig } from '../../shared/site-config'
import { createApp } from '../app'
import { user } from '../db/schema'
import { addModule, editModule, publish } from '../test/course-studio'
import { createHarness, TestClient, type Harness } from '../test/harness'
import { answersAs } from '../test/knowledge-check-answers'
import { loadPageRenderers, type CoursePageRenderer } from './signed-in-pages'

// The signed-in screens rendered with the learner's data, by the client's own components, into
// templates shaped like the build's (dist/course-pages.json, scripts/prerender.tsx).
let h: Harness
let app: ReturnType<typeof createApp>
let render: CoursePageRenderer
const site = (parseSiteConfig(process.env) as { ok: true; config: SiteConfig }).config
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-course-pages-'))
const clientDir = path.join(dir, 'client')
const shell = '<!doctype html><div id="root"><!--app--></div><script type="module" src="/assets/main.js"></script>'
const template = (route: string) =>
  `<!doctype html><html><head><!--head--></head><body data-template="${route}"><div id="root"><!--app--></div></body></html>`

beforeAll(async () => {
  h = await createHarness()
  fs.mkdirSync(clientDir)
  fs.writeFileSync(path.join(clientDir, 'index.html'), shell)
  const templates = path.join(dir, 'course-pages.json')
  const routes = ['/dashboard', '/progress', '/module/:moduleNumber']
  fs.writeFileSync(templates, JSON.stringify({ site, pages: Object.fromEntries(routes.map((route) => [route, template(route)])), publicPages: {} }))
  render = (await loadPageRenderers(templates))!.renderCoursePage
  app = createApp({ env: h.env, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore, clientDir, renderCoursePage: render })
})
afterAll(async () => {
  await h.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** The same session, sent to the app that serves the client. */
function withClient(apiClient: TestClient, into = app): TestClient {
  const client = new TestClient(into)
  for (const [name, value] of apiClient.cookies) client.cookies.set(name, value)
  return client
}

async function signedInPages(input: Parameters<Harness['signedIn']>[0] = {}) {
  const { user: learner, client } = await h.signedIn(input)
  return { learner, api: client, pages: withClient(client) }
}

/** The JSON the browser hydrates from. */
function serverState(html: string) {
  const json = /<script type="application\/json" id="server-state">(.*?)<\/script>/s.exec(html)?.[1]
  expect(json, 'the page has no server state').toBeDefined()
  return JSON.parse(json!) as { queries: { queries: { queryKey: string[]; state: { data: any } }[] }; isSidebarExpanded: boolean }
}
const queryData = (html: string, ...key: (string | number)[]) =>
  serverState(html).queries.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))?.state.data
/** The course's facts the page carries for the browser's first render of a public page. */
const courseFacts = (html: string) => {
  const content = /<meta name="course-facts" content="([^"]*)">/.exec(html)?.[1]
  return content && JSON.parse(content.replaceAll('&quot;', '"'))
}

/** The page's markup without the comments React puts between adjacent pieces of text. */
const joined = (html: string) => html.replaceAll('<!-- -->', '')

const expectShell = (response: { status: number; text: string }, status = 200) => {
  expect(response.status).toBe(status)
  expect(response.text).toBe(shell)
}

describe('the dashboard, progress and module pages, for a signed-in learner', () => {
  it('arrive with the learner’s name, progress and page title, uncached, with the state to hydrate from', async () => {
    const { learner, api, pages } = await signedInPages({ fullName: 'Casey Broker' })
    await api.put('/api/progress/1', { completed: true })

    const dashboard = await pages.get('/dashboard')
    expect(dashboard.status).toBe(200)
    expect(dashboard.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(dashboard.headers.get('cache-control')).toBe('no-store')
    expect(dashboard.text).toContain('data-template="/dashboard"')
    expect(dashboard.text).toMatch(/<head><title>Course Dashboard - [^<]+<\/title><meta name="course-facts"[^>]*>\n<\/head>/)
    expect(joined(dashboard.text)).toContain('Welcome back, Casey.')
    expect(joined(dashboard.text)).toContain('1 of 8 completed')
    expect(dashboard.text).toMatch(/<a[^>]*href="\/module\/2"[^>]*>Continue Learning/)
    expect(dashboard.text).not.toContain('Admin Panel')
    expect(queryData(dashboard.text, 'profile')).toMatchObject({ id: learner.id, fullName: 'Casey Broker', role: 'user' })
    expect(queryData(dashboard.text, 'progress')).toMatchObject({ completedModuleNumbers: [1], completedCount: 1 })
    expect(queryData(dashboard.text, 'course')).toEqual(h.courseStore.current().learnerCatalog)
    expect(serverState(dashboard.text).isSidebarExpanded).toBe(true)
    expect(courseFacts(dashboard.text)).toEqual({ moduleCount: 8, totalMinutes: 90, firstModuleMinutes: 5 })

    const progress = await pages.get('/progress')
    expect(progress.text).toContain('data-template="/progress"')
    expect(joined(progress.text)).toContain('13% complete')

    const module = await pages.get('/module/1')
    expect(module.text).toContain('data-template="/module/:moduleNumber"')
    // The module and the course, so the page hydrates, and the toggle counts, without a request.
    // The module as the API sends it to this learner: the same option ids of their own (decision 0083).
    expect(queryData(module.text, 'course', 'module', 1)).toEqual((await api.get('/api/course/modules/1')).json)
    expect(queryData(module.text, 'course')).toEqual(h.courseStore.current().learnerCatalog)
    expect(queryData(module.text, 'progress')).toMatchObject({ modules: [{ moduleId: 'm1', moduleNumber: 1 }] })
    expect(module.text).toMatch(/<title>Module 1: Welcome &amp; Orientation - [^<]+<\/title>/)
    expect(module.text).toMatch(/<button[^>]*>(<svg[^]*?<\/svg>)?Completed<\/button>/)
    expect((await pages.get('/module/2')).text).toMatch(/<button[^>]*>Mark as Complete<\/button>/)
  })

  it('shows an admin the Admin Panel link, and the side menu collapsed when its cookie says so', async () => {
    const { pages } = await signedInPages({ role: 'admin' })
    pages.cookies.set('sidebar_state', 'false')
    const dashboard = await pages.get('/dashboard')
    expect(dashboard.text).toContain('Admin Panel')
    expect(dashboard.text).toContain('data-state="collapsed"')
    expect(serverState(dashboard.text).isSidebarExpanded).toBe(false)
  })

  it('keeps a hostile name inert: no element of its own, and the state reads back the same name', async () => {
    const name = '</script><script>alert(1)</script> $& $` <!--'
    const { pages } = await signedInPages({ fullName: name })
    const dashboard = await pages.get('/dashboard')
    expect(dashboard.text).not.toContain('<script>alert(1)')
    expect(dashboard.text.match(/<script/g)).toHaveLength(1)
    expect(queryData(dashboard.text, 'profile').fullName).toBe(name)
    expect(dashboard.text).toContain('Welcome back, &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;.')
  })

  it('is compressed with gzip for a browser that accepts it, its template’s beginning compressed once for all', async () => {
    const { pages } = await signedInPages()
    const plain = await pages.get('/dashboard')
    expect(plain.headers.get('content-encoding')).toBeNull()
    // The same page, bar the moment its data was read.
    const withoutTimes = (html: string) => html.replace(/"(dataUpdatedAt|dehydratedAt)":\d+/g, '')
    for (const accepted of ['gzip, deflate, br', 'gzip']) {
      const response = await app.request('/dashboard', { headers: { cookie: cookieHeader(pages), 'accept-encoding': accepted } })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      // gunzip checks the trailer too: the CRC-32 and length of the whole page.
      const page = gunzipSync(Buffer.from(await response.arrayBuffer())).toString()
      expect(page.startsWith(template('/dashboard').split('<!--head-->')[0]!)).toBe(true)
      expect(withoutTimes(page)).toBe(withoutTimes(plain.text))
    }
  })
})

const cookieHeader = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')

describe('a module page’s knowledge check', () => {
  it('embeds the learner’s own option ids and, after a failed attempt, no right option and no explanation', async () => {
    const { api, pages } = await signedInPages()
    const live = h.courseStore.current()
    const check = live.document.modules[1]!.knowledgeCheck!
    const failed = await api.post('/api/knowledge-checks/m2/attempts', { version: live.version, answers: await answersAs(api, live, 2, false) })
    expect(failed.status, failed.text).toBe(201)
    expect(failed.json).toMatchObject({ passed: false, lastResult: { answersShown: false } })

    const page = await pages.get('/module/2')
    expect(page.status).toBe(200)
    const module = queryData(page.text, 'course', 'module', 2)
    expect(module).toEqual((await api.get('/api/course/modules/2')).json)
    const documentIds = check.questions.flatMap((question) => (question.kind === 'trueFalse' ? [] : question.options.map((option) => option.id)))
    const sentIds = module.knowledgeCheck.questions.flatMap((question: { options: { id: string }[] }) => question.options.map((option) => option.id))
    for (const id of sentIds) expect(documentIds).not.toContain(id)
    const state = queryData(page.text, 'knowledge-checks', 'm2')
    expect(state).toEqual((await api.get('/api/knowledge-checks/m2')).json)
    expect(state.lastResult.questions.map((question: { isCorrect: boolean }) => question.isCorrect)).toContain(false)
    // Nowhere in the page: no flag, and not one explanation of the check, rendered or not.
    expect(page.text).not.toMatch(/"correct"|"explanation"/)
    // The explanations' runs of plain words that the page of a learner who has not answered does not also hold.
    const unanswered = (await (await signedInPages()).pages.get('/module/2')).text
    const phrases = check.questions
      .flatMap((question) => question.options.flatMap((option) => option.explanation ?? []))
      .flatMap((explanation) => explanation.match(/[A-Za-z][A-Za-z ]{18,}[A-Za-z]/g) ?? [])
      .filter((phrase) => !unanswered.includes(phrase))
    expect(phrases.length).toBeGreaterThan(0)
    for (const phrase of phrases) expect(page.text).not.toContain(phrase)

    // Passed, the page carries them: the check above looks where they would be.
    const passed = await api.post('/api/knowledge-checks/m2/attempts', { version: live.version, answers: await answersAs(api, live, 2) })
    expect(passed.json).toMatchObject({ passed: true, lastResult: { answersShown: true } })
    const after = (await pages.get('/module/2')).text
    expect(after).toMatch(/"correct":true/)
    expect(phrases.some((phrase) => after.includes(phrase))).toBe(true)
  })
})

describe('whoever the browser’s guards would send elsewhere gets the app shell', () => {
  it('a visitor without a working session: none, signed out, disabled or forged', async () => {
    expectShell(await new TestClient(app).get('/dashboard'))
    expectShell(await new TestClient(app).get('/module/1'))

    const signedOut = await signedInPages()
    await signedOut.api.post('/api/auth/sign-out')
    expectShell(await signedOut.pages.get('/dashboard'))

    const disabled = await signedInPages()
    await h.db.update(user).set({ banned: true }).where(eq(user.id, disabled.learner.id))
    expectShell(await disabled.pages.get('/progress'))

    const forged = await signedInPages()
    for (const name of forged.pages.cookies.keys()) forged.pages.cookies.set(name, `forged.${'A'.repeat(43)}=`)
    expectShell(await forged.pages.get('/dashboard'))
  })

  it('a learner who must replace a temporary password', async () => {
    const { pages } = await signedInPages({ isTemporary: true })
    expectShell(await pages.get('/dashboard'))
  })

  it('the dashboard of a finished course, whose progress page still renders', async () => {
    const { api, pages } = await signedInPages()
    for (let moduleNumber = 1; moduleNumber <= 8; moduleNumber++) await api.put(`/api/progress/${moduleNumber}`, { completed: true })
    expectShell(await pages.get('/dashboard'))
    expect(joined((await pages.get('/progress')).text)).toContain('100% complete')
  })

  it('a module that does not exist: the shell’s 404', async () => {
    const { pages } = await signedInPages()
    for (const url of ['/module/9', '/module/0', '/module/01', '/module/one']) expectShell(await pages.get(url), 404)
  })

  it('a learner whose page fails to render: the shell, and the failure in the log', async () => {
    const failing = createApp({
      env: h.env,
      db: h.db,
      auth: h.auth,
      mailer: h.mailer,
      authSecret: h.authSecret, courseStore: h.courseStore,
      clientDir,
      renderCoursePage: {
        render: () => {
          throw new Error('render failed')
        },
        fixedStart: () => '',
      },
    })
    const before = h.logLines.length
    const { api } = await signedInPages()
    expectShell(await withClient(api, failing).get('/dashboard'))
    expect(h.logLines.slice(before).join('\n')).toContain('Rendering /dashboard failed')
  })
})

describe('after a publish', () => {
  it('the next page load shows it, without a restart: a module’s new text, as the server rendered its Markdown, and a ninth module', async () => {
    const admin = (await h.signedIn({ role: 'admin', fullName: 'Ada Admin' })).client
    const { pages } = await signedInPages()
    const introduction = 'Your **CRM tour** starts here. <script>alert(1)</script> [x](javascript:alert(1))'
    await editModule(admin, 'm1', (module) => ({ ...module, introduction }))
    await addModule(admin, 'Referral Partners')
    await publish(admin, 'A new introduction and a ninth module')

    const module = await pages.get('/module/1')
    expect(module.text).toContain('Your <strong>CRM tour</strong> starts here. &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))')
    // The page's own script (the state) is the only one: the module's text made none.
    expect(module.text.match(/<script/g)).toHaveLength(1)
    expect(queryData(module.text, 'course', 'module', 1).introduction.html).toContain('<strong>CRM tour</strong>')

    const dashboard = await pages.get('/dashboard')
    expect(joined(dashboard.text)).toContain('0 of 9 completed')
    expect(joined(dashboard.text)).toContain('Referral Partners')
    expect(courseFacts(dashboard.text)).toMatchObject({ moduleCount: 9 })
    const ninth = await pages.get('/module/9')
    expect(ninth.status).toBe(200)
    expect(ninth.text).toMatch(/<title>Module 9: Referral Partners - [^<]+<\/title>/)
  })
})
