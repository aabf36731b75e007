// Build step after `vite build`: renders the public pages (/ and /sales) to HTML, so their
// content shows before any JavaScript runs. The server serves dist/client/prerendered/<route>.html
// for those routes; the client hydrates it (src/client/main.tsx).
import fs from 'node:fs'
import path from 'node:path'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import type { Manifest } from 'vite'
import { parseSiteConfig } from '../src/shared/site-config'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'dist/client')
const manifestDir = path.join(clientDir, '.vite')

// The same site config vite baked into the bundle (vite.config.ts), so the HTML matches it.
const site = parseSiteConfig(process.env)
if (!site.ok) throw new Error(`Invalid site configuration:\n  ${site.errors.join('\n  ')}`)
Object.assign(globalThis, { __SITE_CONFIG__: site.config })

const { App, prerenderedRoutes } = await import('../src/client/app/app')
// Each prerendered screen's module, as the build manifest names it (relative to src/client).
const routeSources: Record<string, string> = { '/': 'routes/landing.tsx', '/sales': 'routes/sales.tsx' }

const manifest = JSON.parse(fs.readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8')) as Manifest
const shell = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')

/** The chunk of a lazily loaded screen and every chunk it imports, as the browser will ask for them. */
function chunkFiles(source: string, seen = new Set<string>()): string[] {
  const chunk = manifest[source]
  if (!chunk || seen.has(source)) return []
  seen.add(source)
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(imported, seen))]
}

// React emits the hoisted <title> and <meta> of the page before its markup: they belong in <head>.
const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/

for (const [route, screen] of Object.entries(prerenderedRoutes)) {
  await screen.preload()
  const html = renderToString(
    <StaticRouter location={route}>
      <App />
    </StaticRouter>,
  )
  const head = hoisted.exec(html)![0]
  const body = html.slice(head.length)
  if (!head.includes('<title>') || !body) throw new Error(`Prerendering ${route} gave no title or no content`)

  const source = routeSources[route]
  if (!source || !manifest[source]) throw new Error(`No chunk in the build manifest for ${route} (${source})`)
  const alreadyLoaded = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]))
  const preloads = chunkFiles(source)
    .filter((file) => !alreadyLoaded.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ')

  const page = shell
    .replace('</head>', `  ${preloads}\n    ${head}\n  </head>`)
    .replace('<div id="root"><!--app--></div>', `<div id="root" data-prerendered>${body}</div>`)
  if (!page.includes('data-prerendered')) throw new Error('dist/client/index.html has no <div id="root"><!--app--></div>')
  if (/<script(?![^>]*\bsrc=)/.test(page)) throw new Error(`Prerendered ${route} has an inline script, which the CSP forbids`)

  const file = path.join(clientDir, 'prerendered', route === '/' ? 'index.html' : `${route.slice(1)}.html`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, page)
  console.log(`prerendered ${route} → ${path.relative(root, file)} (${(page.length / 1024).toFixed(1)} kB)`)
}

// The manifest was only for this step; the server would otherwise publish it.
fs.rmSync(manifestDir, { recursive: true, force: true })
