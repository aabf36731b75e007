import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DraftModule } from '../../shared/course/admin-api-types'
import { createUser } from '../services/users'
import { AS_CLI, openTestDatabase } from '../test/harness'
import { freePort, startServer, type ServerProcess } from '../test/server-process'
import type { Database } from '../db/client'

// Two real server processes on one PostgreSQL database, as behind a load balancer: a publish
// through one is served by the other within a second (docs/decisions/0035-course-content-in-the-database.md).
// Runs only in the PostgreSQL pass.

const SECRET = randomBytes(32).toString('base64url')
const PASSWORD = 'Publish-test-9'

let database: Database
let drop: () => Promise<void>
let dataDir: string
let a: ServerProcess
let b: ServerProcess

beforeAll(async () => {
  const test = await openTestDatabase()
  ;({ database, drop } = test)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-publish-'))
  // The admin signs in with a password alone: two-factor sign-in is not what this test is about.
  const env = { DATABASE_URL: test.url!, BETTER_AUTH_SECRET: SECRET, ADMIN_EMAIL: 'first.admin@example.com', REQUIRE_ADMIN_2FA: 'false' }
  const start = async (name: string) => startServer(path.join(dataDir, name), await freePort(), env)
  ;[a, b] = await Promise.all([start('a'), start('b')])
  await createUser(database.db, { email: 'publisher@example.com', role: 'admin', password: PASSWORD, isTemporary: false }, AS_CLI)
  await createUser(database.db, { email: 'reader@example.com', role: 'user', password: PASSWORD, isTemporary: false }, AS_CLI)
})

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()])
  await database?.close()
  await drop?.()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A browser's requests to one server: its cookie, and its own origin. */
async function signIn(server: ServerProcess, email: string) {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  expect(response.status).toBe(200)
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ')
  return async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${server.url}${url}`, {
      method,
      headers: { origin: server.url, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: answer.status, json: (await answer.json()) as any }
  }
}

it('a publish through one process is served by the other within a second', async () => {
  const admin = await signIn(a, 'publisher@example.com')
  const reader = await signIn(b, 'reader@example.com')
  expect((await reader('GET', '/api/course/modules/3')).json.version).toBe(1)

  const { json: draft } = (await admin('GET', '/api/admin/course/modules/m3')) as { json: DraftModule }
  const saved = await admin('PUT', '/api/admin/course/modules/m3', {
    baseRevision: draft.revision,
    module: { ...draft.module, introduction: 'Published through process A.' },
  })
  expect(saved.status).toBe(200)
  const published = await admin('POST', '/api/admin/course/publish', { note: 'Through A' })
  expect(published).toEqual({ status: 200, json: { version: 2, publishedAt: expect.any(String) } })

  const start = Date.now()
  let seen = await reader('GET', '/api/course/modules/3')
  while (seen.json.version !== 2 && Date.now() - start < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    seen = await reader('GET', '/api/course/modules/3')
  }
  const elapsed = Date.now() - start
  expect(seen.json).toMatchObject({ version: 2, introduction: { html: 'Published through process A.' } })
  expect(elapsed, `process B served version 2 after ${elapsed} ms`).toBeLessThan(1000)
  expect((await reader('GET', '/api/course')).json.version).toBe(2)
})
