import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
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
import { freePort, startServer, type ServerProcess } from '../test/server-process'

// Suite 9 of docs/security.md: two real server processes on one PostgreSQL database, as
// WEB_CONCURRENCY=2 runs them (the cluster): one address, one secret. Each request opens its own
// connection, which the cluster hands to the next process in turn; which process answered is the
// pid on the request's log line, found by its id. The processes are the same code with the same
// environment whether they share a machine or not: what they share is the database, which is
// what this suite is about. Runs only in the PostgreSQL pass (TEST_DATABASE_URL).

/** The seeded course's modules (a fresh database's course). */
const MODULE_COUNT = seededCourse.modules.length
const SECRET = randomBytes(32).toString('base64url')
const LIMITS = { RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3', RATE_LIMIT_SIGN_IN_PER_IP: '6' }

type Answer = { status: number; headers: http.IncomingHttpHeaders; json: any; pid: number }
let requestCount = 0

/** A browser-like client: one cookie jar, whichever process answers; each request on a connection of its own. */
class Client {
  private readonly cookies = new Map<string, string>()

  request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const requestId = `multi-process-${(requestCount += 1)}`
    const payload = body === undefined ? undefined : JSON.stringify(body)
    // By address, not "localhost": the rate limit test names the client's address.
    const address = new URL(url, server.url.replace('localhost', '127.0.0.1'))
    return new Promise((resolve, reject) => {
      const request = http.request(
        address,
        {
          method,
          agent: false,
          headers: {
            origin: server.url,
            'x-request-id': requestId,
            ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (response) => {
          for (const cookie of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = cookie.split(';')
            const [name = '', value = ''] = pair.split(/=(.*)/s)
            if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name)
            else this.cookies.set(name, value)
          }
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (text += chunk))
          response.on('end', () => {
            const json = text ? (JSON.parse(text) as unknown) : undefined
            server.pidOf(requestId).then((pid) => resolve({ status: response.statusCode!, headers: response.headers, json, pid }), reject)
          })
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
  }

  /** Sends the same request until a process other than `pid` answers it (the cluster takes turns). */
  async requestOther(pid: number, method: string, url: string): Promise<Answer> {
    for (let tries = 0; tries < 20; tries += 1) {
      const answer = await this.request(method, url)
      if (answer.pid !== pid) return answer
    }
    throw new Error(`Process ${pid} answered every request`)
  }
}

let serverUrl: string
const dbNames: string[] = []
let database: Database
let dataDir: string
let server: ServerProcess

beforeAll(async () => {
  serverUrl = process.env.TEST_DATABASE_URL ?? ''
  if (!serverUrl) throw new Error('The multi-process suite needs TEST_DATABASE_URL')
  const url = await freshDatabase()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-multi-'))
  // Both processes start at once on the new, empty database: migrations and the first admin race.
  server = await startServer(dataDir, await freePort(), {
    NODE_ENV: 'production',
    WEB_CONCURRENCY: '2',
    DATABASE_URL: url.toString(),
    BETTER_AUTH_SECRET: SECRET,
    TRUST_PROXY: '',
    ...LIMITS,
  })
  database = await openPostgres(url.toString(), 2)
})

afterAll(async () => {
  await server?.kill()
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
  expect(server.output().split('Temporary password:')).toHaveLength(2)
  expect(server.output().split('Portal ready at')).toHaveLength(3)
  expect(server.output()).not.toMatch(/error|could not start/i)
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
  const signIn = await client.request('POST', '/api/auth/sign-in/email', { email: learner.email, password: learner.password })
  expect(signIn.status).toBe(200)
  const profile = await client.requestOther(signIn.pid, 'GET', '/api/profile')
  expect(profile.json.email).toBe(learner.email)
  const signOut = await client.request('POST', '/api/auth/sign-out')
  expect(signOut.status).toBe(200)
  expect((await client.requestOther(signOut.pid, 'GET', '/api/profile')).status).toBe(401)
})

describe('rate limits hold across processes', () => {
  it('per account: failures on either process add up', async () => {
    await database.db.delete(rateLimit)
    const learner = await newLearner()
    const attempt = (password: string) => new Client().request('POST', '/api/auth/sign-in/email', { email: learner.email, password })
    const failures = [await attempt('wrong password'), await attempt('wrong password'), await attempt('wrong password')]
    expect(failures.map((answer) => answer.status)).toEqual([401, 401, 401])
    expect(new Set(failures.map((answer) => answer.pid)).size).toBe(2)
    const limited = [await attempt(learner.password), await attempt(learner.password)]
    expect(new Set(limited.map((answer) => answer.pid)).size).toBe(2)
    for (const answer of limited) {
      expect(answer.status).toBe(429)
      expect(answer.json.error.code).toBe('RATE_LIMITED')
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    }
  })

  it('per account, in a parallel burst split between the processes: exactly the limit gets through', async () => {
    await database.db.delete(rateLimit)
    const email = `burst-${randomBytes(4).toString('hex')}@example.com`
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => new Client().request('POST', '/api/auth/sign-in/email', { email, password: 'wrong password' })),
    )
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2)
    expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 401, ...Array<number>(7).fill(429)])
  })

  it('per socket address, whatever X-Forwarded-For claims', async () => {
    await database.db.delete(rateLimit)
    const pids = new Set<number>()
    for (let i = 0; i < 6; i += 1) {
      const response = await new Client().request(
        'POST',
        '/api/auth/sign-in/email',
        { email: `ip-${i}-${randomBytes(3).toString('hex')}@example.com`, password: 'wrong password' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      )
      expect(response.status).toBe(401)
      pids.add(response.pid)
    }
    expect(pids.size).toBe(2)
    const limited = await new Client().request(
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
  expect((await client.request('POST', '/api/auth/sign-in/email', { email: learner.email, password: learner.password })).status).toBe(200)

  // Each round: every module written once through each process at the same moment, the two
  // writes agreeing on odd modules and disagreeing on even ones; the last round completes all.
  const rounds = [0, 1, 2, 'all'] as const
  for (const round of rounds) {
    const writes = Array.from({ length: MODULE_COUNT }, (_, i) => i + 1).flatMap((moduleNumber) => {
      const value = round === 'all' || (moduleNumber + round) % 2 === 0
      const other = round === 'all' || moduleNumber % 2 === 1 ? value : !value
      return [
        { moduleNumber, completed: value },
        { moduleNumber, completed: other },
      ]
    })
    const answers = await Promise.all(
      writes.map(({ moduleNumber, completed }) => client.request('PUT', `/api/progress/${moduleNumber}`, { completed })),
    )
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2)
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

    const fromA = await client.request('GET', '/api/progress')
    const fromB = await client.requestOther(fromA.pid, 'GET', '/api/progress')
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
