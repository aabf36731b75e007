import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverRenderedRoutes } from '../../shared/server-rendered'
import { parseSiteConfig, type SiteConfig } from '../../shared/site-config'
import { createApp } from '../app'
import { addModule, editModule, publish } from '../test/course-studio'
import { createHarness, TestClient, type Harness } from '../test/harness'
import { loadPageRenderers } from './signed-in-pages'

// The Welcome and sales pages say how many modules and minutes the published course has: the
// server renders them with the client's own screens from the live version, at start and again
// after a publish, without a rebuild (src/server/pages/public-pages.ts).
let h: Harness
let app: ReturnType<typeof createApp>
let visitor: TestClient
let admin: TestClient
const site = (parseSiteConfig(process.env) as { ok: true; config: SiteConfig }).config
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-public-pages-'))
const clientDir = path.join(dir, 'client')
const shell = '<!doctype html><html><head><title>Shell</title></head><body><div id="root"><!--app--></div></body></html>'
const template = (route: string) =>
  `<!doctype html><html><head><!--head--></head><body data-template="${route}"><div id="root"><!--app--></div></body></html>`

beforeAll(async () => {
  h = await createHarness()
  fs.mkdirSync(clientDir)
  fs.writeFileSync(path.join(clientDir, 'index.html'), shell)
  const templates = path.join(dir, 'course-pages.json')
  // As the build writes it: the signed-in screens' templates too.
  const pages = Object.fromEntries(serverRenderedRoutes.map((route) => [route, template(route)]))
  fs.writeFileSync(templates, JSON.stringify({ site, pages, publicPages: { '/': template('/'), '/sales': template('/sales') } }))
  const renderers = (await loadPageRenderers(templates))!
  app = createApp({ env: h.env, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore, clientDir, ...renderers })
  visitor = new TestClient(app)
  // The admin works through the API app; the pages are served by the app with the built client.
  admin = (await h.signedIn({ role: 'admin', fullName: 'Ada Admin' })).client
})
afterAll(async () => {
  await h.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** The page's markup without the comments React puts between adjacent pieces of text, entities read. */
const text = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&quot;', '"')
const facts = (html: string) => JSON.parse(text(/<meta name="course-facts" content="([^"]*)">/.exec(html)![1]!))

describe('the Welcome and sales pages', () => {
  it('are rendered from the published course: eight modules, 90 minutes', async () => {
    const welcome = await visitor.get('/')
    expect(welcome.status).toBe(200)
    expect(welcome.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(welcome.text).toMatch(/<div id="root"><(?!!--app-->)/)
    const page = text(welcome.text)
    expect(page).toContain('<title>Welcome - ')
    expect(page).toContain('8 short modules, 90 minutes of video')
    expect(page).toContain('8 Comprehensive Modules')
    expect(page).toContain('Your First Module Takes 5 Minutes')
    expect(facts(welcome.text)).toEqual({ moduleCount: 8, totalMinutes: 90, firstModuleMinutes: 5 })

    const sales = text((await visitor.get('/sales')).text)
    expect(sales).toContain('8 Comprehensive Modules')
    expect(sales).toContain('All 8 video modules with step-by-step guides')
    expect(sales).toContain('90 minutes in total.')
    expect(sales).toMatch(/<meta name="description" content="[^"]*: 8 self-paced video modules/)
    // Not a script: the public pages carry none of their own (the CSP).
    expect(sales).not.toMatch(/<script(?![^>]*\bsrc=)/)
  })

  it('say 9 after a ninth module is published, without a restart or a rebuild, and so does the shell', async () => {
    const before = await visitor.get('/sales')
    const ninth = await addModule(admin, 'Referral Partners')
    await editModule(admin, ninth.id, (module) => ({ ...module, minutes: 7 }))
    await publish(admin, 'A ninth module')

    const welcome = text((await visitor.get('/')).text)
    expect(welcome).toContain('9 short modules, 97 minutes of video')
    expect(welcome).toContain('9 Comprehensive Modules')
    const sales = await visitor.get('/sales')
    expect(text(sales.text)).toContain('9 Comprehensive Modules')
    expect(text(sales.text)).toContain('All 9 video modules with step-by-step guides')
    expect(facts(sales.text)).toEqual({ moduleCount: 9, totalMinutes: 97, firstModuleMinutes: 5 })
    // A browser holding the page of the version before is sent the new one.
    expect(sales.headers.get('etag')).not.toBe(before.headers.get('etag'))
    expect((await visitor.get('/sales', { headers: { 'if-none-match': before.headers.get('etag')! } })).status).toBe(200)
    expect((await visitor.get('/sales', { headers: { 'if-none-match': sales.headers.get('etag')! } })).status).toBe(304)

    // The pages the browser renders itself (here: a public page reached from the completion page) read the facts from the shell.
    const completion = await visitor.get('/completion')
    expect(completion.text).toContain('<title>Shell</title>')
    expect(facts(completion.text)).toEqual({ moduleCount: 9, totalMinutes: 97, firstModuleMinutes: 5 })
  })

  it('are compressed as the other static files are', async () => {
    const response = await app.request('/', { headers: { 'accept-encoding': 'br' } })
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(text(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString())).toContain('9 Comprehensive Modules')
  })
})
