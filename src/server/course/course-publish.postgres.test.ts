import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DraftModule } from '../../shared/course/admin-api-types'
import { createUser } from '../services/users'
import { AS_CLI, openTestDatabase } from '../test/harness'
import { freePort, startServer, type ServerProcess } from '../test/server-process'
import type { Database } from '../db/client'

// Two real server processes on one PostgreSQL database, as WEB_CONCURRENCY=2 runs them on one
// machine: a publish through one is served by the other within a second
// (docs/decisions/0035-course-content-in-the-database.md). Each request opens its own connection,
// which the cluster hands to the next process in turn; which process answered is in its log line,
// found by the request's id. Runs only in the PostgreSQL pass.

const SECRET = randomBytes(32).toString('base64url')
const PASSWORD = 'Publish-test-9'
const METRICS_TOKEN = randomBytes(32).toString('base64url')

let database: Database
let drop: () => Promise<void>
let dataDir: string
let server: ServerProcess

beforeAll(async () => {
  const test = await openTestDatabase()
  ;({ database, drop } = test)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-publish-'))
  // The admin signs in with a password alone: two-factor sign-in is not what this test is about.
  server = await startServer(dataDir, await freePort(), {
    NODE_ENV: 'production',
    WEB_CONCURRENCY: '2',
    DATABASE_URL: test.url!,
    BETTER_AUTH_SECRET: SECRET,
    ADMIN_EMAIL: 'first.admin@example.com',
    REQUIRE_ADMIN_2FA: 'false',
    METRICS: 'on',
    METRICS_TOKEN,
  })
  await createUser(database.db, { email: 'publisher@example.com', role: 'admin', password: PASSWORD, isTemporary: false }, AS_CLI)
  await createUser(database.db, { email: 'reader@example.com', role: 'user', password: PASSWORD, isTemporary: false }, AS_CLI)
})

afterAll(async () => {
  await server?.kill()
  await database?.close()
  await drop?.()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

type Answer = { status: number; json: any; headers: http.IncomingHttpHeaders; pid: number }
let requestCount = 0

/** One request on a connection of its own. */
function call(method: string, url: string, cookie: string, body?: unknown): Promise<Answer> {
  const requestId = `publish-test-${(requestCount += 1)}`
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(url, server.url),
      {
        method,
        agent: false,
        headers: {
          origin: server.url,
          'x-request-id': requestId,
          ...(cookie ? { cookie } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          server.pidOf(requestId).then(
            (pid) => resolve({ status: response.statusCode!, json: JSON.parse(text), headers: response.headers, pid }),
            reject,
          )
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/** A browser's requests: its cookie, and its own origin; each may reach either process. */
async function signIn(email: string) {
  const response = await call('POST', '/api/auth/sign-in/email', '', { email, password: PASSWORD })
  expect(response.status).toBe(200)
  const setCookie = response.headers['set-cookie'] ?? []
  const cookie = setCookie.map((value) => value.split(';')[0]).join('; ')
  return (method: string, url: string, body?: unknown) => call(method, url, cookie, body)
}

it('a publish through one process is served by the other within a second', async () => {
  const admin = await signIn('publisher@example.com')
  const reader = await signIn('reader@example.com')
  // Both processes answer, each from its own copy of the course.
  const before = await Promise.all([1, 2, 3, 4].map(() => reader('GET', '/api/course/modules/3')))
  expect(before.map((answer) => answer.json.version)).toEqual([3, 3, 3, 3])
  expect(new Set(before.map((answer) => answer.pid)).size).toBe(2)

  const { json: draft } = (await admin('GET', '/api/admin/course/modules/m3')) as { json: DraftModule }
  const saved = await admin('PUT', '/api/admin/course/modules/m3', {
    baseRevision: draft.revision,
    module: { ...draft.module, introduction: 'Published through process A.' },
  })
  expect(saved.status).toBe(200)
  const published = await admin('POST', '/api/admin/course/publish', { note: 'Through A' })
  expect({ status: published.status, json: published.json }).toEqual({ status: 200, json: { version: 4, publishedAt: expect.any(String) } })

  // Until the process that did not publish answers with version 4.
  const start = Date.now()
  let seen = await reader('GET', '/api/course/modules/3')
  while ((seen.json.version !== 4 || seen.pid === published.pid) && Date.now() - start < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    seen = await reader('GET', '/api/course/modules/3')
  }
  const elapsed = Date.now() - start
  expect(seen.pid).not.toBe(published.pid)
  expect(seen.json).toMatchObject({ version: 4, introduction: { html: 'Published through process A.' } })
  expect(elapsed, `the other process served version 4 after ${elapsed} ms`).toBeLessThan(1000)
  const after = await Promise.all([1, 2, 3, 4].map(() => reader('GET', '/api/course')))
  expect(after.map((answer) => answer.json.version)).toEqual([4, 4, 4, 4])
  expect(new Set(after.map((answer) => answer.pid)).size).toBe(2)
})

it('/metrics counts the requests of both processes together', async () => {
  const reader = await signIn('reader@example.com')
  const answers = await Promise.all([1, 2, 3, 4].map(() => reader('GET', '/api/progress')))
  expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2)
  const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  expect(scrape.status).toBe(200)
  const text = await scrape.text()
  expect(text).toContain('http_requests_total{method="GET",route="/api/progress",status="200"} 4')
  expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/)
})
