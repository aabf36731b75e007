import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSiteConfig, type SiteConfig } from '../../shared/site-config'
import { createApp } from '../app'
import { COURSE, publish } from '../test/course-studio'
import { createHarness, TestClient, type Harness } from '../test/harness'
import { loadPageRenderers } from './course-pages'

// How much a learner reads on the eight module pages: the words of each page's main content as the
// server renders it for a signed-in learner, the side menu, the page's navigation and its scripts
// left out. The seed's version 2 deepened the guides (drizzle/0006_knowledge_checks.sql).

let h: Harness
let pages: TestClient
let admin: TestClient
const site = (parseSiteConfig(process.env) as { ok: true; config: SiteConfig }).config
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-module-words-'))

beforeAll(async () => {
  h = await createHarness()
  const clientDir = path.join(dir, 'client')
  fs.mkdirSync(clientDir)
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"><!--app--></div>')
  const templates = path.join(dir, 'course-pages.json')
  const template = (route: string) => `<!doctype html><html><head><!--head--></head><body data-template="${route}"><div id="root"><!--app--></div></body></html>`
  const routes = ['/dashboard', '/progress', '/module/:moduleNumber']
  fs.writeFileSync(templates, JSON.stringify({ site, pages: Object.fromEntries(routes.map((route) => [route, template(route)])), publicPages: {} }))
  const render = (await loadPageRenderers(templates))!.renderCoursePage
  const app = createApp({ env: h.env, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore, clientDir, renderCoursePage: render })
  const { client } = await h.signedIn()
  pages = new TestClient(app)
  for (const [name, value] of client.cookies) pages.cookies.set(name, value)
  admin = (await h.signedIn({ role: 'admin' })).client
})
afterAll(async () => {
  await h.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' }

/** The words a reader meets in the page's main content: each run of letters or digits (with ' ’ - . inside it) is one. */
function mainContentWords(html: string): number {
  const main = /<main\b[^>]*>([^]*)<\/main>/.exec(html)?.[1]
  if (main === undefined) throw new Error('the page has no main content')
  const text = main
    .replace(/<(script|style|nav)\b[^>]*>[^]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
  return text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0
}

async function wordsOfModulePages() {
  const counts: number[] = []
  for (let moduleNumber = 1; moduleNumber <= 8; moduleNumber++) {
    const page = await pages.get(`/module/${moduleNumber}`)
    expect(page.status).toBe(200)
    counts.push(mainContentWords(page.text))
  }
  return counts
}

describe('the module pages, as served to a learner', () => {
  it('carry at least 6,500 words of guide together, more than version 1 on every page', async () => {
    const now = await wordsOfModulePages()
    const total = now.reduce((sum, count) => sum + count, 0)
    expect(total).toBeGreaterThanOrEqual(6500)

    // The first version, published again, for the comparison.
    expect((await admin.post(`${COURSE}/versions/1/restore`)).status).toBe(200)
    await publish(admin, 'Version 1 again')
    const before = await wordsOfModulePages()
    console.info(`module pages: ${total} words (${now.join(', ')}); version 1: ${before.reduce((sum, count) => sum + count, 0)} (${before.join(', ')})`)
    now.forEach((count, index) => expect(count, `module ${index + 1}`).toBeGreaterThan(before[index]!))
  })
})
