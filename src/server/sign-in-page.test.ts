import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import { user } from './db/schema'
import { createHarness, TestClient, type Harness } from './test/harness'

// GET /auth with a built client: the prerendered sign-in page for a visitor without a working
// session, a redirect for one with a session (src/server/app.ts).
let h: Harness
let app: ReturnType<typeof createApp>
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-sign-in-page-'))

beforeAll(async () => {
  h = await createHarness()
  fs.mkdirSync(path.join(clientDir, 'prerendered'))
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>')
  fs.writeFileSync(path.join(clientDir, 'prerendered', 'auth.html'), '<!doctype html><h1>Welcome Back</h1>')
  app = createApp({ env: h.env, db: h.db, auth: h.auth, mailer: h.mailer, authSecret: h.authSecret, courseStore: h.courseStore, clientDir })
})
afterAll(async () => {
  await h.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

/** The same session, sent to the app that serves the client. */
function withClient(apiClient: TestClient): TestClient {
  const client = new TestClient(app)
  for (const [name, value] of apiClient.cookies) client.cookies.set(name, value)
  return client
}

const expectSignInPage = (response: { status: number; text: string }) => {
  expect(response.status).toBe(200)
  expect(response.text).toBe('<!doctype html><h1>Welcome Back</h1>')
}

describe('POST /auth (the form submitted without JavaScript)', () => {
  it('sends the browser back to the sign-in page, whose notice explains, and signs no one in', async () => {
    const client = new TestClient(app)
    const response = await client.request('POST', '/auth', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'email=learner%40example.com&password=whatever',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/auth')
    expect(response.headers.get('set-cookie')).toBeNull()
  })
})

describe('GET /auth', () => {
  it('serves the sign-in page to a visitor without a session', async () => {
    expectSignInPage(await new TestClient(app).get('/auth'))
  })

  it('sends a signed-in learner on to the dashboard, uncached', async () => {
    const { client } = await h.signedIn()
    const response = await withClient(client).get('/auth')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/dashboard')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('sends a learner who must replace a temporary password to /change-password', async () => {
    const { client } = await h.signedIn({ isTemporary: true })
    const response = await withClient(client).get('/auth')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/change-password')
  })

  it('serves the sign-in page for a session that no longer works: signed out, disabled or forged', async () => {
    const signedOut = await h.signedIn()
    await signedOut.client.post('/api/auth/sign-out')
    expectSignInPage(await withClient(signedOut.client).get('/auth'))

    const disabled = await h.signedIn()
    await h.db.update(user).set({ banned: true }).where(eq(user.id, disabled.user.id))
    expectSignInPage(await withClient(disabled.client).get('/auth'))

    const forged = withClient((await h.signedIn()).client)
    for (const name of forged.cookies.keys()) forged.cookies.set(name, `forged.${'A'.repeat(43)}=`)
    expectSignInPage(await forged.get('/auth'))
  })
})
