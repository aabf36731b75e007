import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import type { CourseProgress } from '../../shared/course/api-types'
import seededCourse from '../course/fixtures/course-as-of-2026-11.json'
import { openPglite, type Db } from '../db/client'
import * as schema from '../db/schema'
import { createUser } from '../services/users'
import { AS_CLI } from '../test/harness'
import { freePort, startServer, type ServerProcess } from '../test/server-process'

/**
 * Suite 8 of docs/security.md: the embedded database keeps every write it answered 200 for, through
 * SIGKILL. Each round starts the real server on the same DATA_DIR, lets several learners toggle
 * modules at once, kills the server at a random moment, and checks after the restart that every
 * answered write is there, that the per-learner counter matches the rows, and that a certificate
 * exists exactly when all modules were complete at some point.
 */

/** The seeded course's modules (a fresh database's course). */
const MODULE_COUNT = seededCourse.modules.length
const ROUNDS = 6
const LEARNERS = 4
const PASSWORD = 'Crash-safety-9'
const ADMIN = { email: 'crash.admin@example.com', password: 'Crash-admin-99' }

/** A small seeded generator: a failure names its seed, and CRASH_SEED=<seed> makes the same choices again (timing differs). */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000)
const rand = random(SEED)

/** What the test knows of one learner: each module's state as last answered, and a write maybe lost in the kill. */
type Learner = {
  email: string
  cookie: string
  modules: boolean[]
  inFlight: { moduleNumber: number; completed: boolean } | undefined
  /** Whether any answered state had every module complete (then a certificate must exist). */
  reachedAll: boolean
}

let dataDir: string
let port: number
let server: ServerProcess | undefined
const learners: Learner[] = []
let adminCookie = ''
/** Writes answered 200 in the current round; the kill waits for some, so no round is empty. */
let answered = 0
let onAnswered = () => {}

async function call(method: string, url: string, cookie: string, body?: unknown) {
  const response = await fetch(`${server!.url}${url}`, {
    method,
    headers: { origin: server!.url, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as any, cookies: response.headers.getSetCookie() }
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/sign-in/email', '', { email, password })
  expect(answer.status).toBe(200)
  return answer.cookies.map((cookie) => cookie.split(';')[0]).join('; ')
}

/** One learner toggling modules one request after another until the server dies under them. */
async function writeUntilKilled(learner: Learner) {
  for (;;) {
    // Mostly the next module, as a learner goes through the course, so learners do finish it
    // (and get a certificate); sometimes any module, either way.
    const next = learner.modules.indexOf(false)
    const isInOrder = next >= 0 && rand() < 0.7
    const moduleNumber = isInOrder ? next + 1 : 1 + Math.floor(rand() * MODULE_COUNT)
    const completed = isInOrder || rand() < 0.5
    learner.inFlight = { moduleNumber, completed }
    let answer: Awaited<ReturnType<typeof call>>
    try {
      answer = await call('PUT', `/api/progress/${moduleNumber}`, learner.cookie, { completed })
    } catch {
      return // the server was killed: this write may or may not have been committed
    }
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    learner.inFlight = undefined
    learner.modules[moduleNumber - 1] = completed
    answered += 1
    onAnswered()
    const progress = answer.json as CourseProgress
    expect(progress.completedModuleNumbers).toEqual(numbersOf(learner.modules))
    if (progress.completedCount === MODULE_COUNT) learner.reachedAll = true
  }
}

const numbersOf = (modules: boolean[]) => modules.flatMap((done, index) => (done ? [index + 1] : []))

/** What the restarted database holds for one learner. */
type Found = { modules: Set<number>; counter: number; hasCertificate: boolean }

/** Every answered write is there; the one in flight at the kill may have landed or not. */
function checkLearner(learner: Learner, found: Found) {
  const pending = learner.inFlight
  for (let moduleNumber = 1; moduleNumber <= MODULE_COUNT; moduleNumber++) {
    if (pending?.moduleNumber === moduleNumber) continue
    expect(found.modules.has(moduleNumber), `${learner.email}, module ${moduleNumber} (seed ${SEED})`).toBe(
      learner.modules[moduleNumber - 1],
    )
  }
  if (pending) learner.modules[pending.moduleNumber - 1] = found.modules.has(pending.moduleNumber)
  learner.inFlight = undefined
  if (found.modules.size === MODULE_COUNT) learner.reachedAll = true
  // No partial state: the counter kept in the same transaction, and the certificate iff the course was finished.
  expect(found.counter, `${learner.email}: completed_modules (seed ${SEED})`).toBe(found.modules.size)
  expect(found.hasCertificate, `${learner.email}: certificate (seed ${SEED})`).toBe(learner.reachedAll)
}

/** Through the restarted server: the learner's own progress, and the admin report's counter and certificate. */
async function checkThroughApi() {
  const report = await call('GET', '/api/admin/reports?page=1', adminCookie)
  expect(report.status).toBe(200)
  for (const learner of learners) {
    const progress = await call('GET', '/api/progress', learner.cookie)
    // The session made before the first kill survives every kill too.
    expect(progress.status).toBe(200)
    const row = report.json.rows.find((r: { email: string }) => r.email === learner.email)
    checkLearner(learner, {
      modules: new Set((progress.json as CourseProgress).completedModuleNumbers),
      counter: row.completedModules,
      hasCertificate: row.certificateId !== null,
    })
  }
}

/** Opened directly (crash recovery in this process): the rows themselves. */
async function checkInDatabase() {
  const database = await openPglite(path.join(dataDir, 'pglite'))
  try {
    const { rows } = await database.pglite.query<{ email: string; counter: number; modules: number[]; certificates: number }>(
      `select u.email, u.completed_modules as counter,
              -- The seeded course: module n has the id 'm' || n.
              array(select substring(p.module_id from 2)::int from module_progress p where p.user_id = u.id) as modules,
              (select count(*)::int from certificate c where c.user_id = u.id) as certificates
         from "user" u where u.role = 'user'`,
    )
    for (const learner of learners) {
      const row = rows.find((r) => r.email === learner.email)!
      checkLearner(learner, { modules: new Set(row.modules), counter: row.counter, hasCertificate: row.certificates > 0 })
    }
  } finally {
    await database.close()
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-crash-'))
  port = await freePort()
  // The data directory starts as a copy of the migrated template, with the accounts made
  // directly in it, as the CLI would, before the first start.
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))]),
    extensions: { pg_trgm },
  })
  const db = drizzle({ client: pglite, schema }) as unknown as Db
  await createUser(db, { ...ADMIN, role: 'admin', isTemporary: false }, AS_CLI)
  for (let i = 0; i < LEARNERS; i++) {
    const email = `crash.learner${i}@example.com`
    await createUser(db, { email, password: PASSWORD, role: 'user', isTemporary: false }, AS_CLI)
    learners.push({ email, cookie: '', modules: Array(MODULE_COUNT).fill(false), inFlight: undefined, reachedAll: false })
  }
  await pglite.close()
}, 60_000)

afterAll(async () => {
  await server?.kill('SIGKILL')
  await fs.rm(dataDir, { recursive: true, force: true })
})

it(`keeps every answered progress write through ${ROUNDS} SIGKILLs at random moments`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    // A stale lock and a database killed mid-write: the server must recover from both.
    // The admin reads the reports with a password alone: this suite is about crashes, not 2FA.
    server = await startServer(dataDir, port, { REQUIRE_ADMIN_2FA: 'false' })
    if (round === 0) {
      adminCookie = await signIn(ADMIN.email, ADMIN.password)
      for (const learner of learners) learner.cookie = await signIn(learner.email, PASSWORD)
    } else {
      await checkThroughApi()
    }

    // The kill comes after a random number of answered writes, a random few milliseconds later:
    // between requests, during one, or while a transaction commits.
    const target = 8 + Math.floor(rand() * 16)
    answered = 0
    const enoughAnswered = new Promise<void>((resolve) => (onAnswered = () => answered >= target && resolve()))
    const writers = learners.map((learner) => writeUntilKilled(learner))
    await Promise.race([enoughAnswered, Promise.all(writers)])
    await new Promise((resolve) => setTimeout(resolve, rand() * 40))
    await server.kill('SIGKILL')
    server = undefined
    await Promise.all(writers)
    // The killed server's lock is left behind: the next start must take it over.
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true)
  }
  // The last round is checked in the database itself (a server start costs seconds).
  await checkInDatabase()
}, 240_000)
