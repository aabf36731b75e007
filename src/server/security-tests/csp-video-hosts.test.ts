import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App } from '../app'
import { createHarness, type Harness } from '../test/harness'

// The Content Security Policy admits Vimeo's and YouTube's players only on the pages that can show
// one: a module page, and the course studio's module screen with its preview. Every other page,
// and every API answer, admits no frame and no outside script.

let h: Harness
let app: App
let clientDir: string

beforeAll(async () => {
  h = await createHarness()
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-csp-'))
  fs.mkdirSync(path.join(clientDir, 'assets'))
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>')
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)')
  app = createApp({ env: h.env, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore, clientDir })
})
afterAll(async () => {
  fs.rmSync(clientDir, { recursive: true, force: true })
  await h?.close()
})

async function policyOf(url: string, method = 'GET') {
  const response = await app.request(url, { method })
  const csp = response.headers.get('content-security-policy') ?? ''
  return new Map(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values] as const))
}

const PLAYER_FRAMES = ['https://player.vimeo.com', 'https://www.youtube-nocookie.com']

describe('the video hosts in the content security policy', () => {
  it.each(['/module/1', '/module/8', '/admin/course/modules/m1', '/admin/course/modules/m1/preview'])(
    'are admitted on %s, a page that shows a player, as frames and as YouTube’s player API',
    async (url) => {
      for (const method of ['GET', 'HEAD']) {
        const policy = await policyOf(url, method)
        expect(policy.get('frame-src'), `${method} ${url}`).toEqual(PLAYER_FRAMES)
        expect(policy.get('script-src'), `${method} ${url}`).toEqual(["'self'", 'https://www.youtube.com'])
        expect(policy.get('default-src'), `${method} ${url}`).toEqual(["'self'"])
      }
    },
  )

  it.each([
    '/',
    '/sign-in',
    '/dashboard',
    '/progress',
    '/security',
    '/completion',
    '/admin',
    '/admin/users',
    '/admin/course',
    '/admin/course/modules/m1/history',
    '/module/0',
    '/modules/1',
    '/no-such-page',
    '/assets/main-abc123.js',
    '/api/health',
    '/api/course/modules/1',
    '/api/watch/m1',
  ])('are left out on %s, which shows no player', async (url) => {
    const response = await app.request(url)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp, url).toContain("default-src 'self'")
    expect(csp, url).not.toMatch(/vimeo|youtube/)
    const policy = await policyOf(url)
    expect(policy.get('frame-src'), url).toEqual(["'none'"])
    expect(policy.get('script-src'), url).toEqual(["'self'"])
  })
})
