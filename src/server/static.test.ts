import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { isKnownRoute } from '../shared/paths'
import { createStaticHandler } from './static'

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
      '/admin/course',
      '/admin/course/modules/m3',
      '/admin/course/modules/m3/preview',
    ]) {
      const response = await get(url)
      expect(response.status, url).toBe(200)
      expect(await response.text()).toContain('<!-- shell -->')
    }
    for (const url of ['/nope', '/module/9', '/module/0', '/dashboard/extra', '/admin/course/modules/', '/admin/course/modules/m3/edit']) {
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
})
