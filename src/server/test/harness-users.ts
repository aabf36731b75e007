import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto'
import * as OTPAuth from 'otpauth'
import type { Auth } from '../auth/auth'
import { signedSessionValue } from '../auth/better-auth-formats'
import { SESSION_MAX_AGE_SECONDS } from '../auth/session'
import type { Db } from '../db/client'
import { session, twoFactor, user as userTable } from '../db/schema'
import { offlineContext } from '../services/audit-log'
import { hashPassword } from '../services/passwords'
import { createUser, insertUserWithPassword, type Creation, type NewUser } from '../services/users'
import { secrets } from './harness-log'
import type { TestClient } from './test-client'

// The harness's users: made as the command line makes them, signed in as Better Auth signs them in.

/**
 * Hashing a password is slow by design (scrypt; docs/performance.md, figure 3) and the suites make
 * hundreds of users: those not given a password share this one, hashed once per file.
 */
const SHARED_PASSWORD = 'Shared-test-password-1'
let sharedPasswordHash: Promise<string> | undefined
secrets.add('shared test password', SHARED_PASSWORD)

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

/** How the harness creates users: as the command line does (its audit entries say so). */
export const AS_CLI: Creation = { context: offlineContext('cli'), via: 'cli' }

/** What the harness makes a user with: a new user's fields, and whether two-factor sign-in is on. */
export type TestUserInput = Partial<NewUser> & {
  /** Two-factor sign-in set up and on. Default: for an admin, so admin callers pass REQUIRE_ADMIN_2FA. */
  hasTwoFactor?: boolean
}

/** A second factor as Better Auth's setup leaves it once confirmed: the app's key and ten recovery codes. */
type Enrolled = { totpSecret: string; recoveryCodes: string[] }

type Deps = {
  db: Db
  auth: Auth
  authSecret: string
  /** The session cookie's name (env.secureCookies). */
  cookieName: string
  /** A new client of the harness's app. */
  client: () => TestClient
}

export function createHarnessUsers({ db, auth, authSecret, cookieName, client: newClient }: Deps) {
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
    await db.insert(twoFactor).values({
      id: randomUUID(),
      userId,
      secret: await symmetricEncrypt({ key: secretConfig, data: totpSecret }),
      backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(recoveryCodes) }),
      verified: true,
    })
    await db.update(userTable).set({ twoFactorEnabled: true }).where(eq(userTable.id, userId))
    secrets.add('TOTP secret', totpSecret)
    for (const code of recoveryCodes) secrets.add('recovery code', code)
    return { totpSecret, recoveryCodes }
  }

  const users = {
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
        created = { ...(await createUser(db, { ...fields, password: input.password }, AS_CLI)), password: input.password }
      } else {
        sharedPasswordHash ??= hashPassword(SHARED_PASSWORD)
        const passwordHash = await sharedPasswordHash
        const user = await db.transaction((tx) => insertUserWithPassword(tx, fields, passwordHash, AS_CLI))
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
      await db.insert(session).values({
        id: randomUUID(),
        token,
        userId,
        expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
        createdAt: now,
        updatedAt: now,
      })
      const client = newClient()
      const cookie = signedSessionValue(token, authSecret)
      secrets.addCookie(cookie)
      client.cookies.set(cookieName, cookie)
      return client
    },
    /** A signed-in client for a new user. */
    async signedIn(input: TestUserInput = {}) {
      const user = await users.createUser(input)
      return { user, client: await users.sessionFor(user.id) }
    },
    /**
     * A client that signs in through the API, as a browser does; for a user the harness set up a
     * second factor for, with a code from their app too.
     */
    async signIn(email: string, password: string) {
      const client = newClient()
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
      if (caller === 'anonymous') return newClient()
      if (caller === 'learner') return (await users.signedIn()).client
      // Even an admin is refused until they replace their temporary password.
      if (caller === 'must-change') return (await users.signedIn({ role: 'admin', isTemporary: true })).client
      if (caller === 'admin-without-2fa') return (await users.signedIn({ role: 'admin', hasTwoFactor: false })).client
      return (await users.signedIn({ role: 'admin' })).client
    },
  }
  return users
}
