import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createApp } from '../app'
import { createAuth } from '../auth/auth'
import { openPglite, openPostgres, type Database } from '../db/client'
import { loadEnv, type Env } from '../env'
import { createMailer } from '../mail/mailer'
import { createUser, type NewUser } from '../services/users'
import { startSmtpCapture } from './smtp-capture'

export const PUBLIC_URL = 'http://localhost:3000'

/**
 * A fresh database for one test file: PGlite from the migrated template, or, with
 * TEST_DB=postgres, a new database on TEST_DATABASE_URL's server, dropped afterwards.
 */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
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
  await database.migrate()
  return {
    database,
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
    ...envOverrides,
  })
  const { database, drop } = await openTestDatabase()
  const authSecret = randomBytes(32).toString('base64url')
  const mailer = createMailer(env)
  const auth = createAuth({ env, db: database.db, mailer, secret: authSecret })
  const app = createApp({ env, db: database.db, auth, mailer, authSecret })
  let userCount = 0

  const harness = {
    app,
    env,
    auth,
    mailer,
    authSecret,
    db: database.db,
    smtp,
    client: () => new TestClient(app),
    /** Creates a user directly (as the CLI would) with a known password. */
    async createUser(input: Partial<NewUser> = {}) {
      userCount += 1
      const password = input.password ?? `Pw-${randomBytes(6).toString('hex')}`
      const user = await createUser(database.db, {
        email: input.email ?? `learner${userCount}-${randomBytes(3).toString('hex')}@example.com`,
        fullName: input.fullName,
        role: input.role ?? 'user',
        password,
        isTemporary: input.isTemporary ?? false,
      })
      return { ...user, password }
    },
    /** A signed-in client for a new user. */
    async signedIn(input: Partial<NewUser> = {}) {
      const user = await harness.createUser(input)
      const client = harness.client()
      const response = await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password })
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`)
      return { user, client }
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
      await database.close()
      await drop()
      await smtp.close()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
  return harness
}

export type Harness = Awaited<ReturnType<typeof createHarness>>
