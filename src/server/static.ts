import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { requestHeader } from './node-http'

type Body = Uint8Array<ArrayBuffer>

type Asset = {
  body: Body
  gzip?: Body
  br?: Body
  etag: string
  /** The response headers for each encoding, made once: this runs on every page view. */
  headers: { identity: Record<string, string>; gzip: Record<string, string>; br: Record<string, string> }
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.ico', '.webmanifest'])

function loadAsset(file: string, urlPath: string): Asset {
  const body = fs.readFileSync(file)
  const ext = path.extname(file)
  const isHashed = urlPath.startsWith('/assets/')
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  const identity = {
    'Content-Type': contentTypes[ext] ?? 'application/octet-stream',
    'Cache-Control': isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
    Vary: 'Accept-Encoding',
  }
  const asset: Asset = {
    body: new Uint8Array(body),
    etag,
    headers: { identity, gzip: { ...identity, 'Content-Encoding': 'gzip' }, br: { ...identity, 'Content-Encoding': 'br' } },
  }
  if (compressible.has(ext) && body.length > 512) {
    asset.gzip = new Uint8Array(gzipSync(body, { level: 9 }))
    asset.br = new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  }
  return asset
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full) : [full]
  })
}

/**
 * The built client, held in memory with its gzip and brotli forms made once at start: the
 * files are few and small, and this keeps public pages at static-file speed.
 *
 * `index.html` is the app shell for every client route; a page prerendered at build time
 * (`prerendered/<route>.html`, `/` being `prerendered/index.html`) is served instead for its route.
 * Any other path gets the shell with 404, unless `isKnownRoute` says the client has a screen for it.
 */
export function createStaticHandler(clientDir: string, isKnownRoute: (path: string) => boolean) {
  const assets = new Map<string, Asset>()
  for (const file of walk(clientDir)) {
    const urlPath = '/' + path.relative(clientDir, file).split(path.sep).join('/')
    assets.set(urlPath, loadAsset(file, urlPath))
  }
  const shell = assets.get('/index.html')
  if (!shell) throw new Error(`${clientDir} has no index.html: run "npm run build" first.`)

  // A plain Response with the ready-made header object: Hono's c.body would copy the headers
  // into a WHATWG Headers object on every request.
  const respond = (body: Body | null, status: number, headers: Record<string, string>) => new Response(body, { status, headers })

  const send = (c: Context, asset: Asset, status: 200 | 404 = 200) => {
    if (status === 200 && requestHeader(c, 'if-none-match') === asset.etag) return respond(null, 304, asset.headers.identity)
    const accepts = requestHeader(c, 'accept-encoding') ?? ''
    const [body, headers] =
      asset.br && /\bbr\b/.test(accepts)
        ? [asset.br, asset.headers.br]
        : asset.gzip && /\bgzip\b/.test(accepts)
          ? [asset.gzip, asset.headers.gzip]
          : [asset.body, asset.headers.identity]
    return respond(c.req.method === 'HEAD' ? null : body, status, headers)
  }

  return (c: Context) => {
    let pathname: string
    try {
      pathname = decodeURIComponent(c.req.path)
    } catch {
      return c.text('Bad request', 400)
    }
    const file = pathname !== '/index.html' ? assets.get(pathname) : undefined
    if (file && !pathname.startsWith('/prerendered/')) return send(c, file)
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/'
    const prerendered = assets.get(`/prerendered${route === '/' ? '/index' : route}.html`)
    if (prerendered) return send(c, prerendered)
    return send(c, shell, isKnownRoute(route) ? 200 : 404)
  }
}
