// Build step after `vite build`: writes the HTML of the routes that get more than the bare app
// shell. The server serves dist/client/prerendered/<route>.html for those routes.
//
// - The public pages (/ and /sales) are rendered to HTML, so their content shows before any
//   JavaScript runs; the client then hydrates it (src/client/main.tsx). Their stylesheet is
//   inlined (one round trip fewer before the first paint), and their only script is a tiny
//   loader that fetches the app once the page has painted: the scripts merely make a page that
//   is already visible interactive, and must not compete with it for a slow connection.
// - /auth (rendered in the browser: it depends on the session) is the app shell with the loading
//   spinner the app shows first already in place, its stylesheet inlined, and modulepreloads of
//   the chunks it needs, so the browser fetches them in parallel rather than one after another.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import type { Manifest } from 'vite'
import { parseSiteConfig } from '../src/shared/site-config'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'dist/client')
const manifestDir = path.join(clientDir, '.vite')

/** Each page, with the modules of its screen as the build manifest names them (relative to src/client). */
const pages = [
  { route: '/', sources: ['routes/landing.tsx'], isRendered: true },
  { route: '/sales', sources: ['routes/sales.tsx'], isRendered: true },
  { route: '/auth', sources: ['app/providers.tsx', 'routes/auth.tsx'], isRendered: false, fetches: ['/api/profile'] },
]

// The same site config vite baked into the bundle (vite.config.ts), so the HTML matches it.
const site = parseSiteConfig(process.env)
if (!site.ok) throw new Error(`Invalid site configuration:\n  ${site.errors.join('\n  ')}`)
Object.assign(globalThis, { __SITE_CONFIG__: site.config })

const { App, prerenderedRoutes } = await import('../src/client/app/app')
const { PageSpinner } = await import('../src/client/components/ui/spinner')

const manifest = JSON.parse(fs.readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8')) as Manifest
const shell = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
const shellScripts = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]))

for (const route of Object.keys(prerenderedRoutes)) {
  if (!pages.some((page) => page.route === route && page.isRendered)) throw new Error(`${route} is hydrated by the client but not prerendered here`)
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

const modulePreloads = (files: string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ')

// React emits the hoisted <title> and <meta> of the page before its markup: they belong in <head>.
const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/

async function render(route: string): Promise<{ head: string; body: string }> {
  await prerenderedRoutes[route]!.preload()
  const html = renderToString(
    <StaticRouter location={route}>
      <App />
    </StaticRouter>,
  )
  const head = hoisted.exec(html)![0]
  const body = html.slice(head.length)
  if (!head.includes('<title>') || !body) throw new Error(`Prerendering ${route} gave no title or no content`)
  return { head, body }
}

function inlineStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)">/g, (_, file: string) => {
    const css = fs.readFileSync(path.join(clientDir, file), 'utf8')
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined`)
    return `<style>${css}</style>`
  })
}

// Reads what to load from its own tag's data attributes, so one file serves every page.
const loaderSource = `// Starts the app once the prerendered page has painted (scripts/prerender.tsx).
const tag = document.querySelector('script[data-entry]')
const start = () => {
  for (const href of tag.dataset.preload.split(' ')) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  import(tag.dataset.entry)
}
// After the next frame has painted; a tab opened in the background paints nothing, so start now.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start))
else start()
`
const loaderFile = `assets/load-app-${createHash('sha256').update(loaderSource).digest('hex').slice(0, 8)}.js`
fs.writeFileSync(path.join(clientDir, loaderFile), loaderSource)

// The screen's first API call (who is signed in), started with the scripts instead of after them.
// Matches the api() client's fetch: same-origin credentials, hence crossorigin="anonymous".
const apiPreloads = (urls: string[]) =>
  urls.map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`).join('\n    ')

/** Replaces the shell's script and modulepreloads with the loader, which requests them after the first paint. */
function loadAfterPaint(html: string, chunks: string[]): string {
  const entry = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/.exec(html)
  if (!entry) throw new Error('dist/client/index.html has no module script')
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g)]
  const files = [...preloads.map((match) => match[1]!), ...chunks.map((file) => `/${file}`)]
  let page = html.replace(entry[0], `<script type="module" src="/${loaderFile}" data-entry="${entry[1]}" data-preload="${files.join(' ')}"></script>`)
  for (const preload of preloads) page = page.replace(preload[0], '')
  return page
}

for (const { route, sources, isRendered, fetches = [] } of pages) {
  const chunks = screenChunks(sources)
  let page = shell
  if (isRendered) {
    const { head, body } = await render(route)
    page = loadAfterPaint(inlineStylesheets(page), chunks)
      .replace('</head>', `  ${head}\n  </head>`)
      .replace('<div id="root"><!--app--></div>', `<div id="root" data-prerendered>${body}</div>`)
    if (!page.includes('data-prerendered')) throw new Error('dist/client/index.html has no <div id="root"><!--app--></div>')
  } else {
    // React replaces the spinner with its own identical one (the Suspense fallback) when it starts.
    page = inlineStylesheets(page)
      .replace('</head>', `  ${modulePreloads(chunks)}\n    ${apiPreloads(fetches)}\n  </head>`)
      .replace('<div id="root"><!--app--></div>', `<div id="root">${renderToStaticMarkup(<PageSpinner />)}</div>`)
  }
  if (/<script(?![^>]*\bsrc=)/.test(page)) throw new Error(`${route} has an inline script, which the CSP forbids`)

  const file = path.join(clientDir, 'prerendered', route === '/' ? 'index.html' : `${route.slice(1)}.html`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, page)
  console.log(`prerendered ${route} → ${path.relative(root, file)} (${(page.length / 1000).toFixed(1)} kB)`)
}

// The manifest was only for this step; the server would otherwise publish it.
fs.rmSync(manifestDir, { recursive: true, force: true })
