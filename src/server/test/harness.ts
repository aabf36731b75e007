import { currentCredentialKey } from '../credentials/signing-key'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../app'
import { createAuth } from '../auth/auth'
import { sessionCookieName } from '../auth/better-auth-formats'
import { openCourseStore } from '../course/course-store'
import { account, session, twoFactor, verification } from '../db/schema'
import { loadEnv, type Env } from '../env'
import { createMailer } from '../mail/mailer'
import { openMediaStorage } from '../media/open-storage'
import { logLines, secrets } from './harness-log'
import { createHarnessUsers } from './harness-users'
import { startSmtpCapture } from './smtp-capture'
import { PUBLIC_URL, TestClient } from './test-client'
import { openTestDatabase } from './test-database'

// The API test harness: the whole app in process on a fresh database. Its parts: the database
// (test-database.ts), the client with its cookie jar (test-client.ts), the users and their
// sessions (harness-users.ts), the captured log and the secrets looked for in it (harness-log.ts).
export { AS_CLI, authenticatorFor, authenticatorFromUri, REFUSED_CALLERS } from './harness-users'
export { openTestDatabase } from './test-database'
export { PUBLIC_URL, TestClient }

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
  // As the server's start does (src/server/runtime.ts): the credentials' signing key exists before any request.
  await currentCredentialKey(database.db)
  const mediaStorage = await openMediaStorage(env)
  const app = createApp({ env, db: database.db, auth, mailer, authSecret, courseStore, mediaStorage })
  const users = createHarnessUsers({
    db: database.db,
    auth,
    authSecret,
    cookieName: sessionCookieName(env.secureCookies),
    client: () => new TestClient(app),
  })

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
    ...users,
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
