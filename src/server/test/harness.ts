import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto'
import * as OTPAuth from 'otpauth'
import pg from 'pg'
import { inject } from 'vitest'
import { createApp } from '../app'
import { createAuth } from '../auth/auth'
import { sessionCookieName, signedSessionValue } from '../auth/better-auth-formats'
import { SESSION_MAX_AGE_SECONDS } from '../auth/session'
import { openCourseStore } from '../course/course-store'
import { openPglite, openPostgres, type Database } from '../db/client'
import { account, session, twoFactor, user as userTable, verification } from '../db/schema'
import { loadEnv, type Env } from '../env'
import { createMailer } from '../mail/mailer'
import { openMediaStorage } from '../media/open-storage'
import { hashPassword } from '../services/passwords'
import { createUser, insertUserWithPassword, type Creation, type NewUser } from '../services/users'
import { offlineContext } from '../services/audit-log'
import { captureLogs } from '../observability/logger'
import { SecretRegistry } from './log-scan'
import { startSmtpCapture } from './smtp-capture'

export const PUBLIC_URL = 'http://localhost:3000'

/**
 * Hashing a password is slow by design (scrypt; docs/performance.md, figure 3) and the suites make
 * hundreds of users: those not given a password share this one, hashed once per file.
 */
export const SHARED_PASSWORD = 'Shared-test-password-1'
let sharedPasswordHash: Promise<string> | undefined

/**
 * Every log line of this test file, at every level, kept instead of printed; and every secret its
 * requests, answers, e-mails and database held. Closing a harness fails if one is in a line.
 */
const logLines = captureLogs()
const secrets = new SecretRegistry()
secrets.add('shared test password', SHARED_PASSWORD)

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

type RequestInit = { headers?: Record<string, string>; body?: unknown; rawBody?: string | Uint8Array<ArrayBuffer> }

/** An API client with its own cookie jar, sending the portal's Origin like a browser would. */
export class TestClient {
  readonly cookies = new Map<string, string>()

  constructor(private readonly app: ReturnType<typeof createApp>) {}

  async request(method: string, url: string, init: RequestInit = {}) {
    const headers: Record<string, string> = { origin: PUBLIC_URL, ...init.headers }
    if (this.cookies.size > 0 && !('cookie' in headers)) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    let body: string | Uint8Array<ArrayBuffer> | undefined = init.rawBody
    secrets.addFromJson(init.body, 'request')
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await this.app.request(url, { method, headers, body })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';')
      const eqAt = pair.indexOf('=')
      const name = pair.slice(0, eqAt).trim()
      secrets.addCookie(pair.slice(eqAt + 1))
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
    secrets.addFromJson(json, 'answer')
    return { status: response.status, headers: response.headers, json, text }
  }

  get = (url: string, init?: RequestInit) => this.request('GET', url, init)
  post = (url: string, body?: unknown, init?: RequestInit) => this.request('POST', url, { ...init, body })
  put = (url: string, body?: unknown, init?: RequestInit) => this.request('PUT', url, { ...init, body })
  patch = (url: string, body?: unknown, init?: RequestInit) => this.request('PATCH', url, { ...init, body })
  delete = (url: string, init?: RequestInit) => this.request('DELETE', url, init)
}

export type Caller = 'anonymous' | 'learner' | 'must-change' | 'admin-without-2fa' | 'admin'

/** How an admin-only route refuses each caller who is not an admin, or not one it accepts yet. */
export const REFUSED_CALLERS = [
  ['anonymous', 401, 'UNAUTHORIZED'],
  ['learner', 403, 'FORBIDDEN'],
  ['must-change', 403, 'PASSWORD_CHANGE_REQUIRED'],
  // REQUIRE_ADMIN_2FA is on by default, as in production.
  ['admin-without-2fa', 403, 'TWO_FACTOR_REQUIRED'],
] as const

/** An authenticator app holding `secret` (Better Auth's key: its characters are the key's bytes). */
export const authenticatorFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(secret), digits: 6, period: 30, algorithm: 'SHA1' })

/** An authenticator app set up from the otpauth:// URI the setup's QR code carries. */
export const authenticatorFromUri = (uri: string) => OTPAuth.URI.parse(uri) as OTPAuth.TOTP

/** What the harness makes a user with: a new user's fields, and whether two-factor sign-in is on. */
/** How the harness creates users: as the command line does (its audit entries say so). */
export const AS_CLI: Creation = { context: offlineContext('cli'), via: 'cli' }

export type TestUserInput = Partial<NewUser> & {
  /** Two-factor sign-in set up and on. Default: for an admin, so admin callers pass REQUIRE_ADMIN_2FA. */
  hasTwoFactor?: boolean
}

/** A second factor as Better Auth's setup leaves it once confirmed: the app's key and ten recovery codes. */
type Enrolled = { totpSecret: string; recoveryCodes: string[] }

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
    // off here, and on in the suite that tests them (security-tests/rate-limits.test.ts).
    RATE_LIMIT_SIGN_IN_PER_IP: '0',
    RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '0',
    RATE_LIMIT_RESET_PER_IP: '0',
    RATE_LIMIT_RESET_PER_ACCOUNT: '0',
    ...envOverrides,
  })
  const { database, drop, url } = await openTestDatabase()
  const authSecret = randomBytes(32).toString('base64url')
  secrets.add('auth secret', authSecret)
  secrets.add('webhook secret', env.webhookSecret)
  secrets.add('metrics token', env.metrics.enabled ? env.metrics.token : undefined)
  const mailer = createMailer(env)
  const auth = createAuth({ env, db: database.db, mailer, secret: authSecret })
  // On PostgreSQL it listens for publishes, as a server's does.
  const courseStore = await openCourseStore(database.db, { listenUrl: url })
  const mediaStorage = openMediaStorage(env)
  const app = createApp({ env, db: database.db, auth, mailer, authSecret, courseStore, mediaStorage })
  const cookieName = sessionCookieName(env.secureCookies)
  let userCount = 0
  /** The second factor of each user the harness set one up for, by e-mail (signIn completes the code step). */
  const enrolledByEmail = new Map<string, Enrolled>()

  /**
   * Turns two-factor sign-in on for the user as Better Auth's own setup does once confirmed: a
   * `two_factor` row with the key and the recovery codes encrypted with Better Auth's own
   * functions and secret, and the user's flag. Fast: no password check, no request.
   */
  async function enrollTwoFactor(userId: string): Promise<Enrolled> {
    const { secretConfig } = await auth.$context
    const totpSecret = generateRandomString(32)
    const recoveryCodes = Array.from({ length: 10 }, () => {
      const code = generateRandomString(10, 'a-z', '0-9', 'A-Z')
      return `${code.slice(0, 5)}-${code.slice(5)}`
    })
    await database.db.insert(twoFactor).values({
      id: randomUUID(),
      userId,
      secret: await symmetricEncrypt({ key: secretConfig, data: totpSecret }),
      backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(recoveryCodes) }),
      verified: true,
    })
    await database.db.update(userTable).set({ twoFactorEnabled: true }).where(eq(userTable.id, userId))
    secrets.add('TOTP secret', totpSecret)
    for (const code of recoveryCodes) secrets.add('recovery code', code)
    return { totpSecret, recoveryCodes }
  }

  /** What the database and the mail server hold at the end: tokens, keys, hashes, e-mailed passwords. */
  async function collectStoredSecrets() {
    for (const row of await database.db.select({ token: session.token }).from(session)) secrets.add('session token', row.token)
    for (const row of await database.db.select().from(verification)) {
      secrets.add('verification identifier', row.identifier)
      secrets.add('verification value', row.value)
    }
    for (const row of await database.db.select({ password: account.password }).from(account)) secrets.add('password hash', row.password)
    for (const row of await database.db.select().from(twoFactor)) {
      secrets.add('stored TOTP secret', row.secret)
      secrets.add('stored recovery codes', row.backupCodes)
    }
    for (const mail of smtp.messages) secrets.addFromMail(mail)
  }

  const harness = {
    app,
    env,
    auth,
    mailer,
    authSecret,
    courseStore,
    mediaStorage,
    db: database.db,
    /** PostgreSQL's address for this file's database; undefined on PGlite. */
    databaseUrl: url,
    smtp,
    client: () => new TestClient(app),
    enrollTwoFactor,
    /**
     * Creates a user directly (as the CLI would) with a known password. An admin has two-factor
     * sign-in on unless `hasTwoFactor: false` (the REQUIRE_ADMIN_2FA refusals); the answer then
     * carries the app's key and the recovery codes.
     */
    async createUser({ hasTwoFactor, ...input }: TestUserInput = {}) {
      userCount += 1
      const fields = {
        email: input.email ?? `learner${userCount}-${randomBytes(3).toString('hex')}@example.com`,
        fullName: input.fullName,
        role: input.role ?? 'user',
        isTemporary: input.isTemporary ?? false,
      }
      let created
      secrets.add('password', input.password)
      if (input.password !== undefined) {
        created = { ...(await createUser(database.db, { ...fields, password: input.password }, AS_CLI)), password: input.password }
      } else {
        sharedPasswordHash ??= hashPassword(SHARED_PASSWORD)
        const passwordHash = await sharedPasswordHash
        const user = await database.db.transaction((tx) => insertUserWithPassword(tx, fields, passwordHash, AS_CLI))
        created = { ...user, password: SHARED_PASSWORD }
      }
      if (!(hasTwoFactor ?? fields.role === 'admin')) return { ...created, twoFactor: undefined }
      const enrolled = await enrollTwoFactor(created.id)
      enrolledByEmail.set(created.email, enrolled)
      return { ...created, twoFactor: { ...enrolled, authenticator: authenticatorFor(enrolled.totpSecret) } }
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
      const cookie = signedSessionValue(token, authSecret)
      secrets.addCookie(cookie)
      client.cookies.set(cookieName, cookie)
      return client
    },
    /** A signed-in client for a new user. */
    async signedIn(input: TestUserInput = {}) {
      const user = await harness.createUser(input)
      return { user, client: await harness.sessionFor(user.id) }
    },
    /**
     * A client that signs in through the API, as a browser does; for a user the harness set up a
     * second factor for, with a code from their app too.
     */
    async signIn(email: string, password: string) {
      const client = harness.client()
      const response = await client.post('/api/auth/sign-in/email', { email, password })
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`)
      const enrolled = enrolledByEmail.get(email)
      if (response.json.twoFactorRequired && enrolled) {
        const code = authenticatorFor(enrolled.totpSecret).generate()
        const second = await client.post('/api/auth/two-factor/verify-totp', { code })
        if (second.status !== 200) throw new Error(`code step failed: ${second.status} ${second.text}`)
      }
      return client
    },
    /** A client for each kind of caller an admin-only route must tell apart. */
    async clientAs(caller: Caller): Promise<TestClient> {
      if (caller === 'anonymous') return harness.client()
      if (caller === 'learner') return (await harness.signedIn()).client
      // Even an admin is refused until they replace their temporary password.
      if (caller === 'must-change') return (await harness.signedIn({ role: 'admin', isTemporary: true })).client
      if (caller === 'admin-without-2fa') return (await harness.signedIn({ role: 'admin', hasTwoFactor: false })).client
      return (await harness.signedIn({ role: 'admin' })).client
    },
    /** This file's log lines so far (captured, not printed). */
    logLines,
    /** Each secret this file has handled that is in a log line, with its kind (close() fails on any). */
    async secretsInLog() {
      await collectStoredSecrets()
      return secrets.findIn(logLines)
    },
    async close() {
      await collectStoredSecrets()
      await courseStore.close()
      await database.close()
      await drop()
      await smtp.close()
      await fs.rm(dataDir, { recursive: true, force: true })
      const leaks = secrets.findIn(logLines)
      if (leaks.length > 0) {
        throw new Error(`Secrets in the server's log:\n${leaks.map(({ kind, line }) => `  ${kind}: ${line.trim()}`).join('\n')}`)
      }
    },
  }
  return harness
}

export type Harness = Awaited<ReturnType<typeof createHarness>>
