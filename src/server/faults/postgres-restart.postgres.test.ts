import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import seededCourse from '../course/fixtures/course-as-of-2026-11.json'
import { openPostgres, type Database } from '../db/client'
import { moduleProgress } from '../db/schema'
import { AS_CLI } from '../test/harness'
import { createUser } from '../services/users'
import { HttpClient, type HttpAnswer } from '../test/http-client'
import { startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster'
import { freePort, startServer, type ServerProcess } from '../test/server-process'

// Fault 1 of docs/operations.md, "Faults the portal survives": the database server stops while
// learners are writing, and starts again. The portal runs as in production (its own process, on a
// PostgreSQL server of this test's own, which the test stops: never the machine's shared one).
// While the database is away every answer that needs it is a 503 with the one error body; the
// process never exits; once the database is back it serves again within 5 s, with nothing new to
// configure; and every write it acknowledged is in the database.

const MODULE_COUNT = seededCourse.modules.length
/** The one error body, whatever the route. */
const NOT_AVAILABLE = { error: { code: 'NOT_READY', message: expect.any(String) }, requestId: expect.any(String) }

let cluster: PostgresCluster
let server: ServerProcess
let dataDir: string
let database: Database | undefined
let learner: { id: string; email: string; password: string }

beforeAll(async () => {
  cluster = await startPostgresCluster()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-pg-restart-'))
  server = await startServer(dataDir, await freePort(), {
    NODE_ENV: 'production',
    DATABASE_URL: cluster.url,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '',
  })
  database = await openPostgres(cluster.url, 1)
  const password = `Pw-${randomBytes(8).toString('hex')}`
  const email = `learner-${randomBytes(4).toString('hex')}@example.com`
  const profile = await createUser(database.db, { email, role: 'user', password, isTemporary: false }, AS_CLI)
  learner = { id: profile.id, email, password }
  // The test's own connection is closed: the restart would end it, and its pool is not under test.
  await database.close()
  database = undefined
  // A fresh cluster and a server migrating an empty database: minutes on a busy machine, not seconds.
}, 180_000)

afterAll(async () => {
  await server?.kill()
  await database?.close()
  await cluster?.destroy()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A toggle the server answered, and what it said the module's state is now. */
type Write = { moduleNumber: number; completed: boolean; answer: HttpAnswer | Error }

it('while PostgreSQL stops (cleanly, then as in a crash) and starts under load: 503s with the one error body, no crash, back within 5 s, no acknowledged write lost', async () => {
  const client = new HttpClient(server.url)
  expect((await client.signIn(learner.email, learner.password)).status).toBe(200)
  const pid = server.pid

  // Load: progress toggles, one after another, four at a time, from before the stop until after the start.
  const writes: Write[] = []
  let loading = true
  let next = 0
  const worker = async () => {
    while (loading) {
      const moduleNumber = (next % MODULE_COUNT) + 1
      const completed = Math.floor(next / MODULE_COUNT) % 2 === 0
      next += 1
      const answer = await client.request('PUT', `/api/progress/${moduleNumber}`, { completed }).catch((error: Error) => error)
      writes.push({ moduleNumber, completed, answer })
    }
  }
  const load = Promise.all([worker(), worker(), worker(), worker()])
  await new Promise((resolve) => setTimeout(resolve, 1000))

  // A clean shutdown (every connection ended), then a crash (the server killed, recovering at start).
  for (const mode of ['fast', 'immediate'] as const) {
    await cluster.stop(mode)
    // While the database is away: readiness, a read and a write all say so, in the one error body.
    for (const [method, url, body] of [
      ['GET', '/api/health/ready'],
      ['GET', '/api/progress'],
      ['PUT', '/api/progress/1', { completed: true }],
      ['GET', '/api/profile'],
    ] as const) {
      const answer = await client.request(method, url, body)
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(503)
      expect(answer.json).toEqual(NOT_AVAILABLE)
    }
    expect((await client.get('/api/health/live')).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1000))

    await cluster.start()
    const started = Date.now()
    let ready: HttpAnswer | undefined
    while (Date.now() - started < 5000) {
      ready = await client.get('/api/health/ready')
      if (ready.status === 200) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(ready?.status, `after the ${mode} stop: ${ready?.text}`).toBe(200)
  }
  // Everything needing the database works again on the same session.
  expect((await client.get('/api/progress')).status).toBe(200)
  await new Promise((resolve) => setTimeout(resolve, 500))
  loading = false
  await load

  // No answer was a crash of the process: every one is a 200 or the 503, never a refused connection.
  const statuses = new Set(writes.map(({ answer }) => (answer instanceof Error ? answer.message : answer.status)))
  expect([...statuses].sort()).toEqual([200, 503])
  expect(server.pid).toBe(pid)
  expect(server.exitCode()).toBeNull()
  for (const { answer } of writes) if (!(answer instanceof Error) && answer.status === 503) expect(answer.json).toEqual(NOT_AVAILABLE)

  // Every acknowledged write is in the database: for each module, the last 200's state is the stored one.
  expect(writes.filter(({ answer }) => !(answer instanceof Error) && answer.status === 200).length).toBeGreaterThan(MODULE_COUNT)
  database = await openPostgres(cluster.url, 1)
  const stored = await database.db.select().from(moduleProgress).where(eq(moduleProgress.userId, learner.id))
  const storedIds = new Set(stored.map((row) => row.moduleId))
  // A module's last write decides its state when it was acknowledged (one that answered 503 may or
  // may not have landed: its answer was lost, not necessarily its write).
  let checked = 0
  for (let moduleNumber = 1; moduleNumber <= MODULE_COUNT; moduleNumber += 1) {
    const last = writes.filter((write) => write.moduleNumber === moduleNumber).at(-1)!
    if (last.answer instanceof Error || last.answer.status !== 200) continue
    expect(storedIds.has(seededCourse.modules[moduleNumber - 1]!.id), `module ${moduleNumber}`).toBe(last.completed)
    checked += 1
  }
  expect(checked).toBeGreaterThan(0)
}, 90_000)
