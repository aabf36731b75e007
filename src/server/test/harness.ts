import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createApp } from '../app'
import { createAuth } from '../auth/auth'
import { sessionCookieName, signedSessionValue } from '../auth/better-auth-formats'
import { SESSION_MAX_AGE_SECONDS } from '../auth/session'
import { openCourseStore } from '../course/course-store'
import { openPglite, openPostgres, type Database } from '../db/client'
import { session } from '../db/schema'
import { loadEnv, type Env } from '../env'
import { createMailer } from '../mail/mailer'
import { hashPassword } from '../services/passwords'
import { createUser, insertUserWithPassword, type NewUser } from '../services/users'
import { startSmtpCapture } from './smtp-capture'

export const PUBLIC_URL = 'http://localhost:3000'

/**
 * Hashing a password is slow by design (scrypt; docs/performance.md, figure 3) and the suites make
 * hundreds of users: those not given a password share this one, hashed once per file.
 */
export const SHARED_PASSWORD = 'Shared-test-password-1'
let sharedPasswordHash: Promise<string> | undefined

type TestDatabase = {
  database: Database
  /** PostgreSQL's address for this database (none on PGlite). */
  url?: string
  drop: () => Promise<void>
}

/**
 * A fresh database for one test file: PGlite from the migrated template, or, with
 * TEST_DB=postgres, a new database on TEST_DATABASE_URL's server, dropped afterwards.
 * `isMigrated: false` gives an empty one, for the migrations' own tests.
 */
export async function openTestDatabase({ isMigrated = true } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    if (!isMigrated) return { database: await openPglite(), drop: async () => {} }
    const dump = await fs.readFile(inject('pgliteTemplate'))
    const database = await openPglite(new Blob([dump]))
    return { database, drop: async () => {} }
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  const name = `sws_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openPostgres(url.toString())
  if (isMigrated) await database.migrate()
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

type RequestInit = { headers?: Record<string, string>; body?: unknown; rawBody?: string }

/** An API client with its own cookie jar, sending the portal's Origin like a browser would. */
export class TestClient {
  readonly cookies = new Map<string, string>()

  constructor(private readonly app: ReturnType<typeof createApp>) {}

  async request(method: string, url: string, init: RequestInit = {}) {
    const headers: Record<string, string> = { origin: PUBLIC_URL, ...init.headers }
    if (this.cookies.size > 0 && !('cookie' in headers)) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    let body: string | undefined = init.rawBody
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await this.app.request(url, { method, headers, body })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';')
      const eqAt = pair.indexOf('=')
      const name = pair.slice(0, eqAt).trim()
      const isExpired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(eqAt + 1) === ''
      if (isExpired) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(eqAt + 1))
    }
    const text = await response.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, json, text }
  }

  get = (url: string, init?: RequestInit) => this.request('GET', url, init)
  post = (url: string, body?: unknown, init?: RequestInit) => this.request('POST', url, { ...init, body })
  put = (url: string, body?: unknown, init?: RequestInit) => this.request('PUT', url, { ...init, body })
  patch = (url: string, body?: unknown, init?: RequestInit) => this.request('PATCH', url, { ...init, body })
  delete = (url: string, init?: RequestInit) => this.request('DELETE', url, init)
}

export type Caller = 'anonymous' | 'learner' | 'must-change' | 'admin'

/** How an admin-only route refuses each caller who is not an admin. */
export const REFUSED_CALLERS = [
  ['anonymous', 401, 'UNAUTHORIZED'],
  ['learner', 403, 'FORBIDDEN'],
  ['must-change', 403, 'PASSWORD_CHANGE_REQUIRED'],
] as const

/** The whole app in-process, on a fresh database, sending mail to a real SMTP server. */
export async function createHarness(envOverrides: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-api-'))
  const smtp = await startSmtpCapture()
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    // Every in-process request comes from one address and suites sign in often: the limits are
    // off here, and on in the suite that tests them (security/rate-limits.test.ts).
    RATE_LIMIT_SIGN_IN_PER_IP: '0',
    RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '0',
    RATE_LIMIT_RESET_PER_IP: '0',
    RATE_LIMIT_RESET_PER_ACCOUNT: '0',
    ...envOverrides,
  })
  const { database, drop, url } = await openTestDatabase()
  const authSecret = randomBytes(32).toString('base64url')
  const mailer = createMailer(env)
  const auth = createAuth({ env, db: database.db, mailer, secret: authSecret })
  // On PostgreSQL it listens for publishes, as a server's does.
  const courseStore = await openCourseStore(database.db, { listenUrl: url })
  const app = createApp({ env, db: database.db, auth, mailer, authSecret, courseStore })
  const cookieName = sessionCookieName(env.secureCookies)
  let userCount = 0

  const harness = {
    app,
    env,
    auth,
    mailer,
    authSecret,
    courseStore,
    db: database.db,
    /** PostgreSQL's address for this file's database; undefined on PGlite. */
    databaseUrl: url,
    smtp,
    client: () => new TestClient(app),
    /** Creates a user directly (as the CLI would) with a known password. */
    async createUser(input: Partial<NewUser> = {}) {
      userCount += 1
      const fields = {
        email: input.email ?? `learner${userCount}-${randomBytes(3).toString('hex')}@example.com`,
        fullName: input.fullName,
        role: input.role ?? 'user',
        isTemporary: input.isTemporary ?? false,
      }
      if (input.password !== undefined) {
        return { ...(await createUser(database.db, { ...fields, password: input.password })), password: input.password }
      }
      sharedPasswordHash ??= hashPassword(SHARED_PASSWORD)
      const passwordHash = await sharedPasswordHash
      const user = await database.db.transaction((tx) => insertUserWithPassword(tx, fields, passwordHash))
      return { ...user, password: SHARED_PASSWORD }
    },
    /**
     * A client holding a new session of the user, made as Better Auth makes one (a row and the
     * signed cookie) without a sign-in's password check; the sign-in itself has its own tests.
     */
    async sessionFor(userId: string): Promise<TestClient> {
      const token = randomBytes(24).toString('base64url')
      const now = new Date()
      await database.db.insert(session).values({
        id: randomUUID(),
        token,
        userId,
        expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
        createdAt: now,
        updatedAt: now,
      })
      const client = harness.client()
      client.cookies.set(cookieName, signedSessionValue(token, authSecret))
      return client
    },
    /** A signed-in client for a new user. */
    async signedIn(input: Partial<NewUser> = {}) {
      const user = await harness.createUser(input)
      return { user, client: await harness.sessionFor(user.id) }
    },
    /** A client that signs in through the API, as a browser does. */
    async signIn(email: string, password: string) {
      const client = harness.client()
      const response = await client.post('/api/auth/sign-in/email', { email, password })
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`)
      return client
    },
    /** A client for each kind of caller an admin-only route must tell apart. */
    async clientAs(caller: Caller): Promise<TestClient> {
      if (caller === 'anonymous') return harness.client()
      if (caller === 'learner') return (await harness.signedIn()).client
      // Even an admin is refused until they replace their temporary password.
      if (caller === 'must-change') return (await harness.signedIn({ role: 'admin', isTemporary: true })).client
      return (await harness.signedIn({ role: 'admin' })).client
    },
    async close() {
      await courseStore.close()
      await database.close()
      await drop()
      await smtp.close()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
  return harness
}

export type Harness = Awaited<ReturnType<typeof createHarness>>
