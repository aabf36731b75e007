// Suite 6 of docs/security.md: CSRF and the browser-facing headers. The routes come from the app's
// own route list, so a new route is covered without a change here.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App } from '../app'
import { createAuth } from '../auth/auth'
import { SESSION_MAX_AGE_SECONDS } from '../auth/session'
import { certificate, session } from '../db/schema'
import { loadEnv } from '../env'
import { newCertificateId } from '../certificates/certificate'
import { createHarness, TestClient, type Harness } from '../test/harness'
import { snapshotDb } from '../test/db-snapshot'
import { apiRoutes, cookieHeader } from './support'

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE']
const FOREIGN_ORIGINS = ['https://evil.example', 'null', 'http://localhost:3001', 'http://localhost:3000.evil.example']

let h: Harness
let admin: TestClient
let learner: TestClient
let mustChange: TestClient
let learnerId: string
let certificateId: string

beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET: 'whsec-csrf-0123456789abcdef0123456789abcdef' })
  const person = await h.createUser()
  learnerId = person.id
  learner = await h.sessionFor(person.id)
  mustChange = await h.sessionFor((await h.createUser({ isTemporary: true })).id)
  admin = await h.sessionFor((await h.createUser({ role: 'admin' })).id)
  certificateId = newCertificateId()
  await h.db.insert(certificate).values({ id: certificateId, userId: person.id, recipientName: 'Ada Learner', completedAt: new Date(), moduleCount: 8 })
})
afterAll(() => h?.close())

/** A route's path with its parameters filled in with records that exist. */
const concrete = (routePath: string) =>
  routePath
    .replace('/certificates/:id', `/certificates/${certificateId}`)
    .replace(':moduleNumber', '1')
    .replace(':moduleId', 'm1')
    .replace(':module', '1')
    .replace(':version', '1')
    .replace(':id', learnerId)

/** Better Auth endpoints the portal does not expose still sit behind the same check. */
const UNEXPOSED_AUTH = ['/api/auth/update-user', '/api/auth/admin/set-role', '/api/auth/sign-up/email', '/api/auth/change-password']

describe('CSRF', () => {
  it('refuses every state-changing request from another origin, or with a cookie and no Origin; nothing changes', async () => {
    const targets = [
      ...apiRoutes(h.app)
        .filter((route) => STATE_CHANGING.includes(route.method))
        .map((route) => [route.method, concrete(route.path)] as const),
      ...UNEXPOSED_AUTH.map((url) => ['POST', url] as const),
    ]
    expect(targets.length).toBeGreaterThan(10)
    const cookie = cookieHeader(admin)
    const body = JSON.stringify({ completed: true, role: 'admin', newPassword: 'hijacked password 1', email: 'x@example.com', password: 'x' })
    const before = await snapshotDb(h.db)
    for (const [method, url] of targets) {
      const attempts: Record<string, Record<string, string>> = {
        ...Object.fromEntries(FOREIGN_ORIGINS.map((origin) => [`cookie from ${origin}`, { cookie, origin }])),
        'cookie, no Origin': { cookie },
        // Login CSRF: a foreign page signing the victim in, or out, needs no cookie.
        'no cookie, foreign Origin': { origin: 'https://evil.example' },
      }
      for (const [name, headers] of Object.entries(attempts)) {
        const response = await h.app.request(url, { method, headers: { 'content-type': 'application/json', ...headers }, body })
        const label = `${method} ${url}, ${name}`
        expect(response.status, label).toBe(403)
        expect(await response.json(), label).toEqual({
          error: { code: 'CSRF_REJECTED', message: 'This request came from another site and was refused.' },
          requestId: expect.any(String),
        })
      }
    }
    expect(await snapshotDb(h.db)).toEqual(before)
  })

  it('lets the same request through from the portal’s own origin (the check above is the only refusal)', async () => {
    const response = await learner.put('/api/progress/1', { completed: true })
    expect(response.status).toBe(200)
  })

  it('no GET changes anything, whoever calls it', async () => {
    const gets = apiRoutes(h.app).filter((route) => route.method === 'GET')
    expect(gets.length).toBeGreaterThan(5)
    // Fresh sessions: the sliding expiry (one write per session per day) does not fall due here.
    const before = await snapshotDb(h.db)
    for (const client of [h.client(), learner, mustChange, admin]) {
      for (const route of gets) {
        const response = await client.get(concrete(route.path))
        expect(response.status, `GET ${route.path}`).toBeLessThan(500)
      }
    }
    expect(await snapshotDb(h.db)).toEqual(before)
  })

  it('the sliding expiry, the one write a GET may make, touches only the caller’s own session', async () => {
    const client = await h.sessionFor(learnerId)
    // A session two days old: due for its daily extension.
    const token = decodeURIComponent(client.cookies.values().next().value!).split('.')[0]!
    await h.db
      .update(session)
      .set({ expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE_SECONDS - 2 * 86_400})` })
      .where(eq(session.token, token))
    const sessions = async () => {
      const rows = await h.db.select().from(session).orderBy(session.id)
      return { mine: rows.find((row) => row.token === token)!, others: rows.filter((row) => row.token !== token) }
    }
    const before = { snapshot: await snapshotDb(h.db), sessions: await sessions() }
    const response = await client.get('/api/profile')
    expect(response.status).toBe(200)
    const after = { snapshot: await snapshotDb(h.db), sessions: await sessions() }
    const changed = Object.keys(after.snapshot).filter(
      (table) => JSON.stringify(after.snapshot[table]) !== JSON.stringify(before.snapshot[table]),
    )
    expect(changed).toEqual(['session'])
    expect(after.sessions.others).toEqual(before.sessions.others)
    expect(after.sessions.mine.expiresAt.getTime()).toBeGreaterThan(before.sessions.mine.expiresAt.getTime() + 86_400_000)
    const refreshed = response.headers.getSetCookie()
    expect(refreshed).toHaveLength(1)
    expect(refreshed[0]).toMatch(/^better-auth\.session_token=.+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/)
  })
})

/** The policy every response must carry, whatever answered it. */
function expectSecurityHeaders(headers: Headers, label: string, { hsts }: { hsts: boolean }) {
  const csp = headers.get('content-security-policy') ?? ''
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  )
  expect(directives.get('default-src'), label).toEqual(["'self'"])
  expect(directives.get('object-src'), label).toEqual(["'none'"])
  expect(directives.get('base-uri'), label).toEqual(["'none'"])
  expect(directives.get('frame-ancestors'), label).toEqual(["'none'"])
  // Our scripts only, and no frames: none of these shows a video player (csp-video-hosts.test.ts has those pages).
  expect(directives.get('script-src'), label).toEqual(["'self'"])
  expect(directives.get('frame-src'), label).toEqual(["'none'"])
  // Uploaded videos, posters and captions come from the portal itself (no S3 in these tests).
  expect(directives.get('media-src'), label).toEqual(["'self'"])
  expect(csp, label).not.toMatch(/vimeo|youtube/)
  expect(headers.get('x-content-type-options'), label).toBe('nosniff')
  expect(headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin')
  expect(headers.get('x-frame-options'), label).toBe('DENY')
  if (hsts) expect(headers.get('strict-transport-security'), label).toMatch(/^max-age=\d{7,}/)
  else expect(headers.get('strict-transport-security'), label).toBeNull()
}

describe('headers', () => {
  it('every API answer carries them: success, 404, errors, refusals', async () => {
    const seen = new Set<number>()
    const check = async (method: string, url: string, client: TestClient, init: { body?: unknown; headers?: Record<string, string> } = {}) => {
      const response = await client.request(method, url, init)
      seen.add(response.status)
      expectSecurityHeaders(response.headers, `${method} ${url} → ${response.status}`, { hsts: false })
    }
    for (const route of apiRoutes(h.app)) {
      await check(route.method, concrete(route.path), h.client())
      if (route.method === 'GET') await check('GET', concrete(route.path), admin)
    }
    await check('GET', '/api/nothing-here', h.client())
    await check('POST', '/api/auth/update-user', learner, { body: {} })
    await check('PUT', '/api/progress/1', learner, { headers: { origin: 'https://evil.example' }, body: { completed: true } })
    await check('PUT', '/api/progress/1', learner, { body: { completed: 'yes' } })
    await check('POST', '/api/auth/sign-in/email', h.client(), { body: { email: 'a@example.com', password: 'x'.repeat(101 * 1024) } })
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400, 401, 403, 404, 413]))
  })

  it('the web app carries them too: the app shell, a static asset, a page that does not exist', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-csrf-headers-'))
    try {
      fs.mkdirSync(path.join(clientDir, 'assets'))
      fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>')
      fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)')
      const app = createApp({ env: h.env, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore, clientDir })
      for (const [url, status] of [
        ['/', 200],
        ['/dashboard', 200],
        ['/assets/main-abc123.js', 200],
        ['/no-such-page', 404],
        ['/api/health', 200],
      ] as const) {
        const response = await app.request(url)
        expect(response.status, url).toBe(status)
        expectSecurityHeaders(response.headers, url, { hsts: false })
        const head = await app.request(url, { method: 'HEAD' })
        expectSecurityHeaders(head.headers, `HEAD ${url}`, { hsts: false })
        const etag = response.headers.get('etag')
        if (etag && status === 200) {
          const revalidated = await app.request(url, { headers: { 'if-none-match': etag } })
          expect(revalidated.status, `${url} revalidated`).toBe(304)
          expectSecurityHeaders(revalidated.headers, `${url} → 304`, { hsts: false })
        }
      }
    } finally {
      fs.rmSync(clientDir, { recursive: true, force: true })
    }
  })

  it('the session cookie is HttpOnly and SameSite=Lax; over plain http in development, neither Secure nor prefixed', async () => {
    const person = await h.createUser()
    const response = await h.client().post('/api/auth/sign-in/email', { email: person.email, password: person.password })
    expect(response.status).toBe(200)
    const [cookie, ...others] = response.headers.getSetCookie()
    expect(others).toEqual([])
    expect(cookie).toMatch(/^better-auth\.session_token=/)
    expect(cookie).toMatch(/; HttpOnly(;|$)/)
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/)
    expect(cookie).not.toMatch(/; Secure(;|$)/)
  })
})

describe('in production over https', () => {
  const PUBLIC = 'https://learn.example.com'
  const secret = 'x'.repeat(40)
  // The production app on the same database: the settings differ, not the data.
  let prod: App
  beforeAll(() => {
    const env = loadEnv({ NODE_ENV: 'production', PUBLIC_URL: PUBLIC, BETTER_AUTH_SECRET: secret, DATA_DIR: h.env.dataDir })
    const auth = createAuth({ env, db: h.db, mailer: h.mailer, secret })
    prod = createApp({ env, db: h.db, auth, mailer: h.mailer, authSecret: secret, courseStore: h.courseStore })
  })

  it('HSTS on every answer, and a Secure, HttpOnly, SameSite=Lax, __Secure- prefixed session cookie the app accepts', async () => {
    const person = await h.createUser()
    const client = new TestClient(prod)
    const origin = { origin: PUBLIC }
    const signIn = await client.request('POST', `${PUBLIC}/api/auth/sign-in/email`, {
      headers: origin,
      body: { email: person.email, password: person.password },
    })
    expect(signIn.status).toBe(200)
    expectSecurityHeaders(signIn.headers, 'sign-in', { hsts: true })
    const [cookie, ...others] = signIn.headers.getSetCookie()
    expect(others).toEqual([])
    expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/)
    for (const attribute of ['Secure', 'HttpOnly', 'SameSite=Lax']) expect(cookie).toMatch(new RegExp(`; ${attribute}(;|$)`))

    const profile = await client.request('GET', `${PUBLIC}/api/profile`, { headers: origin })
    expect(profile.status).toBe(200)
    expectSecurityHeaders(profile.headers, 'profile', { hsts: true })
    const missing = await new TestClient(prod).request('GET', `${PUBLIC}/api/nothing-here`)
    expect(missing.status).toBe(404)
    expectSecurityHeaders(missing.headers, '404', { hsts: true })

    // The same signed token without the prefix (as a plain-http or sibling-domain page could plant it) is not a session.
    const value = client.cookies.get('__Secure-better-auth.session_token')!
    const unprefixed = await prod.request(`${PUBLIC}/api/profile`, { headers: { cookie: `better-auth.session_token=${value}` } })
    expect(unprefixed.status).toBe(401)
  })
})
