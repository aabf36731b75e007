import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import seededCourse from '../course/fixtures/course-as-of-2026-11.json'
import { openPostgres, type Database } from '../db/client'
import { certificate, moduleProgress, rateLimit, user } from '../db/schema'
import { ensureAdmin } from '../services/bootstrap'
import { createUser } from '../services/users'
import { AS_CLI } from '../test/harness'

// Suite 9 of docs/security.md: two real server processes on one PostgreSQL database, as behind a
// load balancer: one public address, one secret. Runs only in the PostgreSQL pass
// (TEST_DATABASE_URL).

const root = path.resolve(import.meta.dirname, '../../..')
/** The seeded course's modules (a fresh database's course). */
const MODULE_COUNT = seededCourse.modules.length
const PUBLIC_URL = 'http://localhost:3000'
const SECRET = randomBytes(32).toString('base64url')
const LIMITS = { RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3', RATE_LIMIT_SIGN_IN_PER_IP: '6' }

type Server = { name: string; url: string; output: () => string; stop: () => Promise<void> }

/** `node src/server/index.ts` in production mode on a port of its own choosing. */
function startServer(name: string, databaseUrl: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      PUBLIC_URL,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: SECRET,
      DATA_DIR: dataDir,
      SMTP_URL: '',
      TRUST_PROXY: '',
      ...LIMITS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return new Promise((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk
      const port = /listening on port (\d+)/.exec(output)?.[1]
      if (port) resolve({ name, url: `http://127.0.0.1:${port}`, output: () => output, stop })
    }
    child.stdout.on('data', onOutput)
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)))
  })
}

/** A browser-like client: one cookie jar, whichever process answers. */
class Client {
  private readonly cookies = new Map<string, string>()

  async request(server: Server, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        origin: PUBLIC_URL,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split(/=(.*)/s)
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return { status: response.status, headers: response.headers, json: (await response.json().catch(() => undefined)) as any }
  }
}

let serverUrl: string
const dbNames: string[] = []
let database: Database
let dataDir: string
let a: Server
let b: Server

beforeAll(async () => {
  serverUrl = process.env.TEST_DATABASE_URL ?? ''
  if (!serverUrl) throw new Error('The multi-process suite needs TEST_DATABASE_URL')
  const url = await freshDatabase()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-multi-'))
  // Both at once on the new, empty database: migrations and the first admin race.
  ;[a, b] = await Promise.all([
    startServer('A', url.toString(), path.join(dataDir, 'a')),
    startServer('B', url.toString(), path.join(dataDir, 'b')),
  ])
  database = await openPostgres(url.toString(), 2)
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await database?.close()
  const dropper = new pg.Client({ connectionString: serverUrl })
  await dropper.connect()
  for (const name of dbNames) await dropper.query(`drop database if exists ${name} with (force)`)
  await dropper.end()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A new, empty database on the test server (dropped after the suite). */
async function freshDatabase(): Promise<URL> {
  const name = `sws_multi_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  dbNames.push(name)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url
}

async function newLearner() {
  const email = `learner-${randomBytes(4).toString('hex')}@example.com`
  const password = `Pw-${randomBytes(8).toString('hex')}`
  const profile = await createUser(database.db, { email, role: 'user', password, isTemporary: false }, AS_CLI)
  return { ...profile, password }
}

it('starting two processes at once on a new database migrates it once and makes one first admin', async () => {
  const admins = await database.db.select().from(user).where(eq(user.role, 'admin'))
  expect(admins.map((row) => row.email)).toEqual(['admin@example.com'])
  const printed = [a, b].filter((server) => server.output().includes('Temporary password:'))
  expect(printed).toHaveLength(1)
  for (const server of [a, b]) expect(server.output()).not.toMatch(/error|could not start/i)
})

it('the first-admin step, run by two starting processes at the same moment, makes one admin and fails neither', async () => {
  // The servers above rarely hit the same moment; here both surely pass the "no admin yet" check.
  const other = await openPostgres((await freshDatabase()).toString(), 4)
  try {
    await other.migrate()
    const logs: string[] = []
    const start = () => ensureAdmin(other.db, 'first@example.com', (line) => logs.push(line))
    await Promise.all([start(), start()])
    const admins = await other.db.select({ email: user.email }).from(user)
    expect(admins).toEqual([{ email: 'first@example.com' }])
    expect(logs.filter((line) => line.includes('Temporary password:'))).toHaveLength(1)
    expect(logs.join()).not.toContain('already a learner')
  } finally {
    await other.close()
  }
})

it('a session made on one process works on the other, and a sign-out on either ends it', async () => {
  const learner = await newLearner()
  const client = new Client()
  expect((await client.request(a, 'POST', '/api/auth/sign-in/email', { email: learner.email, password: learner.password })).status).toBe(200)
  expect((await client.request(b, 'GET', '/api/profile')).json.email).toBe(learner.email)
  expect((await client.request(b, 'POST', '/api/auth/sign-out')).status).toBe(200)
  expect((await client.request(a, 'GET', '/api/profile')).status).toBe(401)
})

describe('rate limits hold across processes', () => {
  it('per account: failures on either process add up', async () => {
    await database.db.delete(rateLimit)
    const learner = await newLearner()
    const attempt = (server: Server, password: string) =>
      new Client().request(server, 'POST', '/api/auth/sign-in/email', { email: learner.email, password })
    for (const server of [a, b, a]) expect((await attempt(server, 'wrong password')).status).toBe(401)
    const limited = await attempt(b, learner.password)
    expect(limited.status).toBe(429)
    expect(limited.json.error.code).toBe('RATE_LIMITED')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await attempt(a, learner.password)).status).toBe(429)
  })

  it('per account, in a parallel burst split between the processes: exactly the limit gets through', async () => {
    await database.db.delete(rateLimit)
    const email = `burst-${randomBytes(4).toString('hex')}@example.com`
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        new Client().request(i % 2 ? a : b, 'POST', '/api/auth/sign-in/email', { email, password: 'wrong password' }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 401, ...Array<number>(7).fill(429)])
  })

  it('per socket address, whatever X-Forwarded-For claims', async () => {
    await database.db.delete(rateLimit)
    for (let i = 0; i < 6; i += 1) {
      const response = await new Client().request(
        i % 2 ? a : b,
        'POST',
        '/api/auth/sign-in/email',
        { email: `ip-${i}-${randomBytes(3).toString('hex')}@example.com`, password: 'wrong password' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      )
      expect(response.status).toBe(401)
    }
    const limited = await new Client().request(
      a,
      'POST',
      '/api/auth/sign-in/email',
      { email: 'fresh@example.com', password: 'wrong password' },
      { 'x-forwarded-for': '198.51.100.99' },
    )
    expect(limited.status).toBe(429)
    const [row] = await database.db.select().from(rateLimit).where(sql`${rateLimit.key} like 'sign-in:ip:%'`)
    expect(row?.key).toBe('sign-in:ip:127.0.0.1')
  })
})

it('concurrent progress toggles through both processes end consistent', async () => {
  await database.db.delete(rateLimit)
  const learner = await newLearner()
  const client = new Client()
  expect((await client.request(a, 'POST', '/api/auth/sign-in/email', { email: learner.email, password: learner.password })).status).toBe(200)

  // Each round: every module written once through each process at the same moment, the two
  // writes agreeing on odd modules and disagreeing on even ones; the last round completes all.
  const rounds = [0, 1, 2, 'all'] as const
  for (const round of rounds) {
    const writes = Array.from({ length: MODULE_COUNT }, (_, i) => i + 1).flatMap((moduleNumber) => {
      const value = round === 'all' || (moduleNumber + round) % 2 === 0
      const other = round === 'all' || moduleNumber % 2 === 1 ? value : !value
      return [
        { server: a, moduleNumber, completed: value },
        { server: b, moduleNumber, completed: other },
      ]
    })
    const answers = await Promise.all(
      writes.map(({ server, moduleNumber, completed }) =>
        client.request(server, 'PUT', `/api/progress/${moduleNumber}`, { completed }),
      ),
    )
    const completedIn = (answer: { json: { modules: { moduleNumber: number }[] } }) =>
      answer.json.modules.map((module) => module.moduleNumber)
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200)
      const modules = completedIn(answer)
      // Each answer shows its own write, no duplicates, and a count that matches.
      expect(modules.includes(writes[i]!.moduleNumber)).toBe(writes[i]!.completed)
      expect(new Set(modules).size).toBe(modules.length)
      expect(answer.json.completedCount).toBe(modules.length)
    })

    const [fromA, fromB] = await Promise.all([client.request(a, 'GET', '/api/progress'), client.request(b, 'GET', '/api/progress')])
    expect(fromB.json).toEqual(fromA.json)
    const final = completedIn(fromA)
    // The writes ran one after another: the final state is what the last one answered.
    expect(answers.some((answer) => completedIn(answer).join() === final.join())).toBe(true)
    for (let moduleNumber = 1; moduleNumber <= MODULE_COUNT; moduleNumber += 1) {
      const [first, second] = writes.filter((write) => write.moduleNumber === moduleNumber)
      if (first!.completed === second!.completed) expect(final.includes(moduleNumber)).toBe(first!.completed)
    }
    const [row] = await database.db.select({ completedModules: user.completedModules }).from(user).where(eq(user.id, learner.id))
    const stored = await database.db.select().from(moduleProgress).where(eq(moduleProgress.userId, learner.id))
    expect(row!.completedModules).toBe(final.length)
    expect(stored).toHaveLength(final.length)
  }
  expect(await database.db.select().from(certificate).where(eq(certificate.userId, learner.id))).toHaveLength(1)
})
