import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { isKnownRoute } from '../shared/known-routes'
import { captureLogs } from './observability/logger'
import { createStaticHandler, type CoursePages } from './static'

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-static-'))
fs.mkdirSync(path.join(clientDir, 'assets'))
fs.mkdirSync(path.join(clientDir, 'prerendered'))
fs.writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><div id="root"></div>${'<!-- shell -->'.repeat(100)}`)
fs.writeFileSync(path.join(clientDir, 'prerendered', 'sales.html'), '<!doctype html><h1>Sales</h1>')
fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))})`)
fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>')
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

// A course of eight modules, as seeded.
const app = new Hono().get('*', createStaticHandler(clientDir, (route) => isKnownRoute(route, 8)))
const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers })

describe('the built client', () => {
  it('serves the app shell for every client route with 200, and for unknown paths with 404', async () => {
    for (const url of [
      '/dashboard',
      '/module/8',
      '/verify/abc',
      '/auth?x=1',
      '/admin/',
      '/admin/insights',
      '/admin/import',
      '/admin/reports',
      '/admin/integrations',
      '/admin/course',
      '/admin/course/questions',
      '/admin/activity/',
      '/admin/course/modules/m3',
      '/admin/course/modules/m3/preview',
    ]) {
      const response = await get(url)
      expect(response.status, url).toBe(200)
      expect(await response.text()).toContain('<!-- shell -->')
    }
    for (const url of [
      '/nope',
      '/module/9',
      '/module/0',
      '/dashboard/extra',
      '/admin/nope',
      '/admin/insights/extra',
      '/admin/course/modules/',
      '/admin/course/modules/m3/edit',
    ]) {
      const response = await get(url)
      expect(response.status, url).toBe(404)
      expect(await response.text()).toContain('<div id="root">')
    }
  })

  it('serves a prerendered page for its route', async () => {
    expect(await (await get('/sales')).text()).toBe('<!doctype html><h1>Sales</h1>')
  })

  it('caches hashed assets for a year and revalidates the rest by ETag', async () => {
    const asset = await get('/assets/main-abc123.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-type')).toContain('text/javascript')
    const page = await get('/dashboard')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    const etag = page.headers.get('etag')!
    const revalidated = await get('/dashboard', { 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
  })

  it('compresses with brotli or gzip as the client accepts', async () => {
    const br = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    const gzip = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('console.log')
    expect((await get('/assets/main-abc123.js')).headers.get('content-encoding')).toBeNull()
  })

  it('answers a malformed path with 400', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400)
  })

  it('serves the compressed forms the build left beside a file while they are newer than it, and never at their own path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-static-pre-'))
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
      const script = path.join(dir, 'app.js')
      fs.writeFileSync(script, `console.log(${JSON.stringify('y'.repeat(2000))})`)
      // Forms of a different text, so the answer shows which was served.
      const made = { gzip: gzipSync('console.log("from the build")'), br: brotliCompressSync('console.log("from the build")') }
      fs.writeFileSync(`${script}.gz`, made.gzip)
      fs.writeFileSync(`${script}.br`, made.br)
      const served = async () => {
        const handler = new Hono().get('*', createStaticHandler(dir, () => false))
        const answer = (encoding: string) => handler.request('/app.js', { headers: { 'accept-encoding': encoding } })
        return { br: Buffer.from(await (await answer('br')).arrayBuffer()), gzip: Buffer.from(await (await answer('gzip')).arrayBuffer()), own: await handler.request('/app.js.br') }
      }
      const fresh = await served()
      expect(fresh.br).toEqual(made.br)
      expect(fresh.gzip).toEqual(made.gzip)
      expect(fresh.own.headers.get('content-type')).toContain('text/html')
      // The file changed after the build: its forms are made again from it.
      const later = new Date(Date.now() + 60_000)
      fs.utimesSync(script, later, later)
      const stale = await served()
      expect(brotliDecompressSync(stale.br).toString()).toContain('yyyy')
      expect(gunzipSync(stale.gzip).toString()).toContain('yyyy')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the pages made from the published course', () => {
  let version = 1
  let failing = false
  const made: string[] = []
  const pages: CoursePages = {
    version: () => version,
    shell: (built) => {
      made.push(`shell ${version}`)
      return built.replace('<div id="root">', `<div id="root" data-version="${version}">`)
    },
    routes: {
      '/': () => {
        made.push(`/ ${version}`)
        if (failing) throw new Error('render failed')
        return `<!doctype html><h1>Welcome to version ${version}</h1>`
      },
    },
  }
  const live = new Hono().get('*', createStaticHandler(clientDir, (route) => isKnownRoute(route, 8), pages))
  const text = async (url: string) => (await live.request(url)).text()

  it('are made at start, once per version, and again after a publish', async () => {
    expect(await text('/')).toBe('<!doctype html><h1>Welcome to version 1</h1>')
    expect(await text('/dashboard')).toContain('data-version="1"')
    expect(await text('/completion')).toContain('data-version="1"')
    expect(made).toEqual(['shell 1', '/ 1'])

    version = 2
    expect(await text('/')).toBe('<!doctype html><h1>Welcome to version 2</h1>')
    expect(await text('/dashboard')).toContain('data-version="2"')
    expect(made).toEqual(['shell 1', '/ 1', '/ 2', 'shell 2'])
    // The built pages stay as they were.
    expect(await text('/sales')).toBe('<!doctype html><h1>Sales</h1>')
  })

  it('keep the shell’s 404 for unknown paths', async () => {
    const response = await live.request('/module/9')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('data-version="2"')
  })

  it('fall back to the shell, and say why in the log, when a page cannot be made', async () => {
    const logged = captureLogs()
    const before = logged.length
    failing = true
    version = 3
    const response = await live.request('/')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('data-version="3"')
    expect(logged.slice(before).join('\n')).toContain('Making / from course version 3 failed')
    // Not tried again for every request of that version.
    await live.request('/')
    expect(made.filter((entry) => entry === '/ 3')).toHaveLength(1)
  })
})
