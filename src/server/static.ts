import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { requestHeader } from './node-http'
import { logger } from './observability/logger'

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

type Compressed = { gzip: Buffer; br: Buffer }

const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }
const compressBrotli = promisify(brotliCompress)
const compressGzip = promisify(gzip)

export const isCompressible = (file: string, body: Buffer) => compressible.has(path.extname(file)) && body.length > 512
export const compressSync = (body: Buffer): Compressed => ({ gzip: gzipSync(body, { level: 9 }), br: brotliCompressSync(body, BROTLI_OPTIONS) })

/**
 * Where `npm run build` leaves a file's compressed forms (scripts/precompress.ts): making them at
 * each start took 2.35 s (brotli's best quality), longer than the rest of the start. They are used
 * while they are at least as new as the file.
 */
export const precompressedFiles = (file: string) => ({ gzip: `${file}.gz`, br: `${file}.br` })
export const isPrecompressedFile = (file: string) => /\.(gz|br)$/.test(file)

function readPrecompressed(file: string): Compressed | undefined {
  const { gzip: gzipFile, br: brFile } = precompressedFiles(file)
  try {
    const modified = fs.statSync(file).mtimeMs
    if (fs.statSync(gzipFile).mtimeMs < modified || fs.statSync(brFile).mtimeMs < modified) return undefined
    return { gzip: fs.readFileSync(gzipFile), br: fs.readFileSync(brFile) }
  } catch {
    return undefined
  }
}

function loadAsset(file: string, urlPath: string): Asset {
  const body = fs.readFileSync(file)
  const compressed = isCompressible(file, body) ? (readPrecompressed(file) ?? compressSync(body)) : undefined
  return assetOf(body, path.extname(file), urlPath.startsWith('/assets/'), compressed)
}

/** A page made while the server runs: compressed on libuv's threads, so other requests go on meanwhile. */
async function makeHtmlAsset(html: string): Promise<Asset> {
  const body = Buffer.from(html)
  const [gzipped, br] = await Promise.all([compressGzip(body, { level: 9 }), compressBrotli(body, BROTLI_OPTIONS)])
  return assetOf(body, '.html', false, { gzip: gzipped, br })
}

function assetOf(body: Buffer, ext: string, isHashed: boolean, compressed: Compressed | undefined): Asset {
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
  if (compressed) {
    asset.gzip = new Uint8Array(compressed.gzip)
    asset.br = new Uint8Array(compressed.br)
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
 * The pages that say what the published course holds (src/server/pages/public-pages.ts): made from
 * the live version, and made again once a publish changes it.
 */
export type CoursePages = {
  /** The version of the course being served. */
  version(): number
  /** The app shell as built, with what it must say about the course. */
  shell(built: string): string
  /** Pages rendered whole from the course, by route (the Welcome and sales pages). */
  routes: Readonly<Record<string, () => string>>
}

/** A page being made, or made: `asset` once `done` has settled (undefined if making it failed). */
type MadePage = { version: number; done: Promise<Asset | undefined>; isDone: boolean; asset?: Asset }

/**
 * The shell and the course's pages of the version being served: each made on the first request
 * for it after the version changes (and the current ones at start), then served from memory like
 * the built files. Requests meanwhile wait for the one being made.
 */
function liveCoursePages(pages: CoursePages, shellHtml: string) {
  const made = new Map<string, MadePage>()
  const make = (key: string, html: () => string): MadePage => {
    // Read before making: a publish meanwhile leaves an older number, so the page is made again.
    const version = pages.version()
    const current = made.get(key)
    if (current?.version === version) return current
    const page: MadePage = { version, isDone: false, done: Promise.resolve(undefined) }
    page.done = Promise.resolve()
      .then(() => makeHtmlAsset(html()))
      .catch((error: unknown) => {
        // The shell still works: the browser renders the page itself.
        logger.error({ err: error }, `Making ${key} from course version ${version} failed; serving the app shell instead`)
        return undefined
      })
      .then((asset) => {
        Object.assign(page, { asset, isDone: true })
        return asset
      })
    made.set(key, page)
    return page
  }
  const live = {
    shell: () => make('/index.html', () => pages.shell(shellHtml)),
    page: (route: string) => (Object.hasOwn(pages.routes, route) ? make(route, pages.routes[route]!) : undefined),
  }
  live.shell()
  for (const route of Object.keys(pages.routes)) live.page(route)
  return live
}

/**
 * The built client, held in memory with its gzip and brotli forms made once at start (or, for
 * the pages made from the course, once per published version): the files are few and small, and
 * this keeps public pages at static-file speed.
 *
 * `index.html` is the app shell for every client route; a page of `coursePages.routes`, or one
 * prerendered at build time (`prerendered/<route>.html`), is served instead for its route. Any
 * other path gets the shell with 404, unless `isKnownRoute` says the client has a screen for it.
 */
export function createStaticHandler(clientDir: string, isKnownRoute: (path: string) => boolean, coursePages?: CoursePages) {
  const assets = new Map<string, Asset>()
  for (const file of walk(clientDir)) {
    if (isPrecompressedFile(file)) continue
    const urlPath = '/' + path.relative(clientDir, file).split(path.sep).join('/')
    assets.set(urlPath, loadAsset(file, urlPath))
  }
  const builtShell = assets.get('/index.html')
  if (!builtShell) throw new Error(`${clientDir} has no index.html: run "npm run build" first.`)

  const live = coursePages && liveCoursePages(coursePages, Buffer.from(builtShell.body).toString('utf8'))

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
    const status = isKnownRoute(route) ? 200 : 404
    const prerendered = assets.get(`/prerendered${route === '/' ? '/index' : route}.html`)
    if (!live) return send(c, prerendered ?? builtShell, prerendered ? 200 : status)
    // Once made, at once; while being made, when it is.
    type Answer = Response | Promise<Response>
    const serve = (page: MadePage, pageStatus: 200 | 404, otherwise: () => Answer): Answer =>
      page.isDone ? (page.asset ? send(c, page.asset, pageStatus) : otherwise()) : page.done.then(() => serve(page, pageStatus, otherwise))
    const serveShell = () => serve(live.shell(), status, () => send(c, builtShell, status))
    const page = live.page(route)
    if (page) return serve(page, 200, serveShell)
    return prerendered ? send(c, prerendered) : serveShell()
  }
}
