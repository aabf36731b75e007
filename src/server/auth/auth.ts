import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError } from 'better-auth/api'
import { admin, type AdminOptions, twoFactor } from 'better-auth/plugins'
import { eq } from 'drizzle-orm'
import { paths } from '../../shared/paths'
import { TEMPORARY_PASSWORD_EXPIRED_MESSAGE } from '../../shared/schemas/fields'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import type { Env } from '../env'
import type { Mailer } from '../mail/mailer'
import { passwordResetMail } from '../mail/templates'
import { allowedOrigins } from '../middleware/same-origin'
import { logger } from '../observability/logger'
import { actingAs, recordAudit, userActor } from '../services/audit-log'
import { isTemporaryPasswordExpired } from '../services/passwords'
import {
  COOKIE_ATTRIBUTES,
  resetTokenIdentifier,
  storedVerificationIdentifier,
  TRUST_DEVICE_IDENTIFIER_PREFIX,
} from './better-auth-formats'
import { currentAuditContext } from './audit-scope'
import { hashPassword, verifyPassword } from './password-hashing'
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session'

/** Where Better Auth's endpoints are: the portal's auth routes (routes/auth.ts) are mounted here and forward to them. */
export const AUTH_BASE_PATH = '/api/auth'

const ACCOUNT_DISABLED_MESSAGE = 'Your account has been disabled. Please contact support.'

/** "Trust this device for 30 days" (docs/decisions/0038-two-factor-sign-in.md). */
export const TRUST_DEVICE_DAYS = 30
/** After this many wrong codes in a row at sign-in, the account's code step is locked... */
export const CODE_LOCKOUT_ATTEMPTS = 10
/** ...for this long. */
export const CODE_LOCKOUT_SECONDS = 15 * 60

type AuthDeps = { env: Env; db: Db; mailer: Mailer; secret: string }

export function createAuth({ env, db, mailer, secret }: AuthDeps) {
  return betterAuth({
    appName: env.site.tagline,
    baseURL: env.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    telemetry: { enabled: false },
    // Into the server's log, the message alone: its arguments may hold what a request carried.
    logger: { level: 'error', log: (level, message) => logger[level](`[auth] ${message}`) },
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      // The shared schemas enforce 8–128 code points; these bounds count UTF-16 units.
      minPasswordLength: 8,
      maxPasswordLength: 512,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Better Auth's own scrypt, one hash per core at a time (see password-hashing.ts).
      password: { hash: hashPassword, verify: verifyPassword },
      // Runs after the answer (backgroundTasks below), so what it does never shows in it.
      async sendResetPassword({ user, token }) {
        // A disabled account (a refund) gets no link, and its token goes at once: the answer was
        // the same as for any other address (docs/decisions/0019-purchase-webhook.md).
        const [holder] = await db.select({ banned: schema.user.banned }).from(schema.user).where(eq(schema.user.id, user.id))
        if (!holder || holder.banned) {
          await db
            .delete(schema.verification)
            .where(eq(schema.verification.identifier, storedVerificationIdentifier(resetTokenIdentifier(token))))
          return
        }
        await mailer.send(passwordResetMail(user.email, env.absoluteUrl(paths.choosePassword(token)), env.site))
      },
      async onPasswordReset({ user }) {
        // A learner who chose a password from the e-mail link no longer holds a temporary one.
        // Better Auth has committed the new password by now: the audit entry goes with this
        // write, right after it (docs/decisions/0048-audit-log.md says why not in the same one).
        await db.transaction(async (tx) => {
          await tx
            .update(schema.user)
            .set({ mustChangePassword: false, temporaryPasswordIssuedAt: null, updatedAt: new Date() })
            .where(eq(schema.user.id, user.id))
          await recordAudit(tx, actingAs(currentAuditContext(), userActor(user)), {
            action: 'password_reset',
            target: { id: user.id, email: user.email },
          })
        })
      },
    },
    user: {
      additionalFields: {
        mustChangePassword: { type: 'boolean', input: false, defaultValue: false, required: false },
        temporaryPasswordIssuedAt: { type: 'date', input: false, required: false },
      },
    },
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    databaseHooks: {
      session: {
        create: {
          // Checked once the password matched (so it tells nothing to someone without it), and
          // before any session exists: a disabled account, or an expired temporary password,
          // opens nothing. One read for both (docs/decisions/0111-a-sign-in-reads-its-learner-once.md).
          before: async (session) => {
            const [holder] = await db
              .select({
                banned: schema.user.banned,
                mustChangePassword: schema.user.mustChangePassword,
                temporaryPasswordIssuedAt: schema.user.temporaryPasswordIssuedAt,
              })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId))
            if (holder?.banned) {
              throw APIError.from('FORBIDDEN', { message: ACCOUNT_DISABLED_MESSAGE, code: 'BANNED_USER' })
            }
            if (holder && isTemporaryPasswordExpired(holder, env.temporaryPasswordTtlDays)) {
              throw APIError.from('FORBIDDEN', {
                message: TEMPORARY_PASSWORD_EXPIRED_MESSAGE,
                code: 'TEMPORARY_PASSWORD_EXPIRED',
              })
            }
          },
        },
      },
    },
    // Tokens are stored hashed. A trusted device's identifier is kept as it is, so that turning
    // two-factor sign-in off, or an admin's reset, can end every trusted device of the account
    // (better-auth-formats.ts says why that is safe).
    verification: { storeIdentifier: { default: 'hashed', overrides: { [TRUST_DEVICE_IDENTIFIER_PREFIX]: 'plain' } } },
    // Limits are the portal's own, kept in the database (middleware/rate-limit, used by routes/auth).
    rateLimit: { enabled: false },
    trustedOrigins: (request) => (request ? allowedOrigins(request, env.publicUrl) : [env.publicUrl]),
    advanced: {
      // The learner and their accounts in one statement at a password sign-in (schema.ts's relations).
      database: { joins: true },
      useSecureCookies: env.secureCookies,
      defaultCookieAttributes: COOKIE_ATTRIBUTES,
      // Mail goes out after the answer, so the answer's timing does not tell whether an account exists.
      backgroundTasks: {
        handler: (task) => {
          task.catch((error: unknown) => logger.error({ err: error }, '[auth] a background task failed'))
        },
      },
    },
    plugins: [
      adminWithoutSessionCheck({ defaultRole: 'user', adminRoles: ['admin'] }),
      // Authenticator-app codes (TOTP) and recovery codes, reached only through the portal's
      // routes (routes/two-factor.ts; docs/decisions/0038-two-factor-sign-in.md).
      twoFactor({
        issuer: env.site.tagline,
        trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        accountLockout: { enabled: true, maxFailedAttempts: CODE_LOCKOUT_ATTEMPTS, durationSeconds: CODE_LOCKOUT_SECONDS },
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

/**
 * Better Auth's admin plugin (the role and ban fields) without its check at each new session,
 * which read the learner a second time: the session hook above checks the ban with the temporary
 * password. Its ban expiry is not missed: the portal never sets one (services/account-status.ts).
 */
function adminWithoutSessionCheck(options: AdminOptions) {
  const plugin = admin(options)
  return {
    ...plugin,
    init(context: Parameters<typeof plugin.init>[0]) {
      return { options: { databaseHooks: { user: plugin.init(context).options.databaseHooks.user } } }
    },
  }
}
