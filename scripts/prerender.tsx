// Build step after `vite build`: writes the HTML of the routes that get more than the bare app
// shell. The server serves dist/client/prerendered/auth.html for /auth, and renders the public
// pages (/ and /sales, from the published course, at start and after each publish) and the
// signed-in screens (per request) into the templates of dist/course-pages.json.
//
// Each is rendered to HTML, so its content shows before any JavaScript runs, with its stylesheet
// inlined (one round trip fewer before the first paint). /auth and the signed-in screens are then
// hydrated by the client: their only script is a tiny loader that fetches the scripts once the
// page has painted, since they merely make a page that is already visible interactive, and must
// not compete with it for a slow connection; /auth's waits until the visitor reaches for the form
// (docs/decisions/0066). /auth is the sign-in page's own entry
// (src/client/sign-in.html), which shows nothing of the course, so it is made here once. The
// public pages are the app's screens rendered to HTML, but they are never hydrated: their only
// script is src/client/public-page.ts, a few hundred bytes (docs/decisions/0060).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { renderToString } from 'react-dom/server'
import type { Manifest } from 'vite'
import { MODULE_ROUTE, paths } from '../src/shared/paths'
import { serverRenderedRoutes, type ServerRenderedRoute } from '../src/shared/server-rendered'
import { parseSiteConfig } from '../src/shared/site-config'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'dist/client')
const manifestDir = path.join(clientDir, '.vite')

/** The public pages the server renders from the course. */
const publicPages = ['/', '/sales']

// The same site config vite baked into the bundle (vite.config.ts), so the HTML matches it.
const site = parseSiteConfig(process.env)
if (!site.ok) throw new Error(`Invalid site configuration:\n  ${site.errors.join('\n  ')}`)
Object.assign(globalThis, { __SITE_CONFIG__: site.config })

const { prerenderedRoutes } = await import('../src/client/app/app')
const { splitHead } = await import('../src/client/entry-server')
const { SignInPage, SIGN_IN_PAGE_READY } = await import('../src/client/features/auth/components/sign-in-page')

const manifest = JSON.parse(fs.readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8')) as Manifest
const shell = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
const shellScripts = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]))

for (const route of Object.keys(prerenderedRoutes)) {
  if (!publicPages.includes(route)) throw new Error(`${route} is rendered by the app's public screens but has no template here`)
}

/** A chunk and every chunk it imports, as the browser will ask for them. */
function chunkFiles(source: string, seen = new Set<string>()): string[] {
  const chunk = manifest[source]
  if (!chunk) throw new Error(`The build manifest has no chunk for ${source}`)
  if (seen.has(source)) return []
  seen.add(source)
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))]
}

/** The chunks of a screen that the shell does not already load. */
function screenChunks(sources: string[]): string[] {
  const seen = new Set<string>()
  return [...new Set(sources.flatMap((source) => chunkFiles(source, seen)))].filter((file) => !shellScripts.has(file))
}

function inlineStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)">/g, (_, file: string) => {
    const css = fs.readFileSync(path.join(clientDir, file), 'utf8')
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined`)
    return `<style>${css}</style>`
  })
}

// Reads what to load from its own tag's data attributes, so one file serves every page.
const loaderSource = `// Starts the app once the prerendered page has painted, or, on the sign-in page, once the
// visitor reaches for it (scripts/prerender.tsx, docs/decisions/0066).
const tag = document.querySelector('script[data-entry]')
let started = false
const start = () => {
  if (started) return
  started = true
  for (const href of tag.dataset.preload.split(' ')) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  import(tag.dataset.entry)
}
if (tag.dataset.start === 'intent') {
  // The first sign of a visitor: a pointer over the page, a touch, a key, a field focused.
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin']) {
    addEventListener(type, start, { capture: true, passive: true })
  }
  // A submit or a button's click before React has taken the page over is held, and done again once it has.
  let ready = false
  let held
  addEventListener('submit', (event) => {
    if (ready) return
    event.preventDefault()
    const { target: form, submitter } = event
    held = () => form.requestSubmit(submitter)
    start()
  }, true)
  addEventListener('click', (event) => {
    const button = event.target instanceof Element && event.target.closest('button[type="button"]')
    if (ready || !button) return
    held = () => button.click()
    start()
  }, true)
  addEventListener('${SIGN_IN_PAGE_READY}', () => {
    ready = true
    held?.()
  }, { once: true })
} else if (document.visibilityState === 'visible') {
  // After the next frame has painted; a tab opened in the background paints nothing, so start now.
  requestAnimationFrame(() => setTimeout(start))
} else start()
`
const loaderFile = `assets/load-app-${createHash('sha256').update(loaderSource).digest('hex').slice(0, 8)}.js`
fs.writeFileSync(path.join(clientDir, loaderFile), loaderSource)

/**
 * Replaces the shell's script and modulepreloads with the loader, which requests them after the
 * first paint, or (`intent`) once the visitor reaches for the page.
 */
function loadAfterPaint(html: string, chunks: string[], start: 'paint' | 'intent' = 'paint'): string {
  const entry = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/.exec(html)
  if (!entry) throw new Error('dist/client/index.html has no module script')
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g)]
  const files = [...preloads.map((match) => match[1]!), ...chunks.map((file) => `/${file}`)]
  let page = html.replace(entry[0], `<script type="module" src="/${loaderFile}" data-entry="${entry[1]}" data-preload="${files.join(' ')}"${start === 'intent' ? ' data-start="intent"' : ''}></script>`)
  for (const preload of preloads) page = page.replace(preload[0], '')
  return page
}

/** Replaces the app's script and modulepreloads with the public pages' own script: they are never hydrated. */
function withPublicPageScript(html: string): string {
  const script = manifest['public-page.ts']?.file
  if (!script) throw new Error('The build manifest has no chunk for public-page.ts')
  const entry = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/.exec(html)
  if (!entry) throw new Error('dist/client/index.html has no module script')
  return html
    .replace(entry[0], `<script type="module" src="/${script}"></script>`)
    .replace(/\s*<link rel="modulepreload" crossorigin href="\/[^"]+">/g, '')
}

// The sign-in page.
{
  const { head, body } = splitHead(renderToString(<SignInPage />))
  if (!head.includes('<title>') || !body) throw new Error('Prerendering /auth gave no title or no content')
  // No script until the visitor reaches for the form: most of the page's weight is React DOM,
  // which a visitor who only reads it, or whose password manager has not filled it in yet, never needs.
  const page = loadAfterPaint(inlineStylesheets(fs.readFileSync(path.join(clientDir, 'sign-in.html'), 'utf8')), [], 'intent')
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"><!--app--></div>', `<div id="root" data-prerendered>${body}</div>`)
  if (!page.includes('data-prerendered')) throw new Error('dist/client/sign-in.html has no <div id="root"><!--app--></div>')
  if (/<script(?![^>]*\bsrc=)/.test(page)) throw new Error('/auth has an inline script, which the CSP forbids')
  const file = path.join(clientDir, 'prerendered', 'auth.html')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, page)
  console.log(`prerendered /auth → ${path.relative(root, file)} (${(page.length / 1000).toFixed(1)} kB)`)
}

// The pages the server renders (src/server/pages): the public pages from the published course, and
// the signed-in screens on each request. A template for each, loading its chunks after the first
// paint like the page above, and the site config this bundle was built with, so that the server
// renders what the browser will hydrate.
const courseChunks = ['app/providers.tsx', 'features/auth/guards.tsx', 'app/app-layout.tsx']
const courseScreens: Record<ServerRenderedRoute, string> = {
  [paths.dashboard]: 'screens/dashboard.tsx',
  [paths.progress]: 'screens/progress.tsx',
  [MODULE_ROUTE]: 'screens/module.tsx',
}
const coursePageShell = inlineStylesheets(shell).replace('</head>', '  <!--head-->\n  </head>')
const coursePages = Object.fromEntries(
  serverRenderedRoutes.map((route) => [route, loadAfterPaint(coursePageShell, screenChunks([...courseChunks, courseScreens[route]]))]),
)
const publicPageTemplates = Object.fromEntries(publicPages.map((route) => [route, withPublicPageScript(coursePageShell)]))
for (const [route, page] of Object.entries(publicPageTemplates)) {
  if (/<script(?![^>]*\bsrc=)/.test(page)) throw new Error(`${route} has an inline script, which the CSP forbids`)
}
const coursePagesFile = path.join(root, 'dist/course-pages.json')
fs.writeFileSync(coursePagesFile, JSON.stringify({ site: site.config, pages: coursePages, publicPages: publicPageTemplates }))
const routes = [...publicPages, ...serverRenderedRoutes]
console.log(`wrote the templates of ${routes.join(', ')} → ${path.relative(root, coursePagesFile)}`)

// The manifest was only for this step, and the sign-in page is served prerendered only; the server
// would otherwise publish them.
fs.rmSync(manifestDir, { recursive: true, force: true })
fs.rmSync(path.join(clientDir, 'sign-in.html'))
