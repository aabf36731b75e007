import { Hono } from 'hono'
import type { SignInAnswer } from '../../shared/api-types'
import { ResetPasswordSchema, ResetRequestSchema, SignInSchema } from '../../shared/schemas/auth'
import { AUTH_BASE_PATH } from '../auth/auth'
import { createBetterAuthBridge, toAppError } from '../auth/better-auth-bridge'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { auditContextOf } from '../middleware/audit-context'
import { createRateLimiter } from '../middleware/rate-limit'
import { assertNotCommon } from '../services/passwords'
import { toProfile, type ProfileRow } from '../services/profile'
import { recordFailedSignIn, recordSignIn, recordSignOut } from '../services/sign-in-audit'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'
import { createTwoFactorRoutes } from './two-factor'

/**
 * Better Auth does the work behind these routes; only these are reachable. Bodies are checked
 * against the shared schemas first, so the messages and rules of docs/spec.md §5 apply, and Better
 * Auth's answers are reshaped: no session token in a body, errors in the one error shape. Sign-in
 * and reset requests are rate limited per client address and per e-mail (middleware/rate-limit),
 * a sign-in's code step per address and per account (routes/two-factor.ts).
 */
export function createAuthRoutes(deps: AppDeps): ApiRoutes {
  const { auth, db, env, guards } = deps
  const limits = createRateLimiter(db, env)
  const betterAuth = createBetterAuthBridge(auth, env)

  const routes = new Hono()
    .post('/sign-in/email', validate('json', SignInSchema), limits.signIn, async (c) => {
      const { email, password } = c.req.valid('json')
      const context = auditContextOf(c, env.trustProxy)
      const answer = await betterAuth
        .call<{ twoFactorRedirect?: boolean; user: ProfileRow }>(c, { body: { email, password, rememberMe: true } })
        .catch(async (error: unknown) => {
          await recordFailedSignIn(db, context, error, { email }, 'password')
          throw error
        })
      // The password was right and the account has two-factor sign-in on: no session yet, a code is
      // due (POST /api/auth/two-factor/verify-totp or verify-recovery-code) within 10 minutes.
      if (answer.twoFactorRedirect) return c.json({ twoFactorRequired: true } satisfies SignInAnswer)
      // Better Auth read the account's row to check the password; its answer carries what the profile shows.
      const profile = toProfile(answer.user, env.requireAdminTwoFactor)
      await recordSignIn(db, context, profile, 'password')
      return c.json(profile)
    })
    .post('/sign-out', async (c) => {
      const signedIn = await guards.signedInUser(c)
      const response = await betterAuth.forward(c)
      betterAuth.copyCookies(c, response)
      if (signedIn && response.ok) await recordSignOut(db, auditContextOf(c, env.trustProxy), signedIn)
      return c.json({ success: true })
    })
    .post('/request-password-reset', validate('json', ResetRequestSchema), limits.passwordReset, async (c) => {
      const response = await betterAuth.forward(c, { body: c.req.valid('json') })
      if (!response.ok) throw await toAppError(response)
      return c.json({ success: true, message: 'If this email exists in our system, check your email for the reset link' })
    })
    .post('/reset-password', validate('json', ResetPasswordSchema), async (c) => {
      // Checked before Better Auth sees it, so the link still works for a better password.
      assertNotCommon(c.req.valid('json').newPassword, 'newPassword')
      const response = await betterAuth.forward(c, { body: c.req.valid('json') })
      if (!response.ok) throw await toAppError(response)
      return c.json({ success: true })
    })
    .route('/two-factor', createTwoFactorRoutes(deps, betterAuth, limits))
    .all('*', () => {
      throw new AppError('NOT_FOUND', 'Not found')
    })
  return { path: AUTH_BASE_PATH, routes }
}
