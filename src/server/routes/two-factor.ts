import { Hono, type Context } from 'hono'
import type { RecoveryCodes, TwoFactorSetup } from '../../shared/api-types'
import {
  ConfirmTwoFactorSchema,
  TwoFactorPasswordSchema,
  VerifyRecoveryCodeSchema,
  VerifyTotpSchema,
} from '../../shared/schemas/two-factor'
import type { BetterAuthBridge } from '../auth/better-auth-bridge'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import type { createRateLimiter } from '../middleware/rate-limit'
import { auditContextOf } from '../middleware/audit-context'
import { requestHeader } from '../node-http'
import { recordAudit } from '../services/audit-log'
import { recordFailedSignIn, recordSignIn } from '../services/sign-in-audit'
import { getProfile } from '../services/profile'
import { claimAuthenticatorCode } from '../services/totp-replay'
import {
  afterTwoFactorTurnedOff,
  assertTwoFactorOff,
  assertTwoFactorOn,
  authenticatorUri,
  pendingSignInUserId,
  unusedRecoveryCodes,
} from '../services/two-factor'
import { validate } from '../validation'

/**
 * Two-factor sign-in, Better Auth's twoFactor plugin, reached through these routes only (mounted
 * under /api/auth/two-factor by routes/auth.ts; docs/decisions/0038-two-factor-sign-in.md):
 *
 * - the sign-in's second step, after a sign-in answered `{ twoFactorRequired: true }`: a code from
 *   the app or a recovery code, limited like a sign-in (per address, and per account: the user the
 *   pending sign-in belongs to). It answers the profile and sets the session cookie;
 * - for a signed-in user: turn it on (`enable` with the password gives the app's key, `confirm`
 *   with a first code turns it on and gives the recovery codes), turn it off, new recovery codes.
 *
 * Audit: a code step's success is a sign-in, its refusal a failed one; turning it on and off and
 * new recovery codes (the old ones stop working) are entries too. Better Auth commits those writes
 * before it answers, so their entries follow its answer (services/sign-in-audit.ts,
 * docs/decisions/0048-audit-log.md); turning it off also ends the trusted devices, in the entry's
 * transaction. An admin's reset has its own service,
 * `resetTwoFactor` (services/two-factor.ts), whose entry is in the reset's transaction.
 */
export function createTwoFactorRoutes(
  { auth, db, env, guards, authSecret }: AppDeps,
  betterAuth: BetterAuthBridge,
  limits: ReturnType<typeof createRateLimiter>,
) {
  const requireAdminTwoFactor = env.requireAdminTwoFactor
  const pendingUserId = (c: Context) =>
    pendingSignInUserId(db, requestHeader(c, 'cookie'), { secret: authSecret, secureCookies: env.secureCookies })
  const codeStep = limits.twoFactor(pendingUserId)
  const auditOf = (c: Context<AuthedEnv>) => auditContextOf(c, env.trustProxy, c.var.user)

  /**
   * The sign-in's code step, through Better Auth; its success and its refusal are audited. An
   * authenticator code's time step is claimed first, so a code signs in once (services/totp-replay.ts).
   */
  const verifyCode = async (c: Context, path: string | undefined, body: { code: string }, method: 'authenticator app' | 'recovery code') => {
    const context = auditContextOf(c, env.trustProxy)
    const pending = await pendingUserId(c)
    const signIn = async () => {
      const claim = method === 'authenticator app' ? await claimAuthenticatorCode(db, authSecret, pending, body.code) : undefined
      return betterAuth.call<{ user: { id: string; email: string } }>(c, { path, body, withoutSession: true }).catch(async (error: unknown) => {
        await claim?.release()
        throw error
      })
    }
    const { user } = await signIn().catch(async (error: unknown) => {
      await recordFailedSignIn(db, context, error, { userId: pending }, 'code')
      throw error
    })
    await recordSignIn(db, context, user, method)
    return c.json(await getProfile(db, { id: user.id }, requireAdminTwoFactor))
  }

  return (
    new Hono<AuthedEnv>()
      .post('/verify-totp', validate('json', VerifyTotpSchema), codeStep, async (c) =>
        verifyCode(c, undefined, c.req.valid('json'), 'authenticator app'),
      )
      .post('/verify-recovery-code', validate('json', VerifyRecoveryCodeSchema), codeStep, async (c) =>
        verifyCode(c, '/two-factor/verify-backup-code', c.req.valid('json'), 'recovery code'),
      )
      .post('/enable', guards.requireUser, validate('json', TwoFactorPasswordSchema), async (c) => {
        assertTwoFactorOff(c.var.user)
        const { password } = c.req.valid('json')
        const { totpURI } = await betterAuth.call<{ totpURI: string }>(c, { body: { password } })
        return c.json({ totpUri: authenticatorUri(totpURI) } satisfies TwoFactorSetup)
      })
      .post('/confirm', guards.requireUser, validate('json', ConfirmTwoFactorSchema), async (c) => {
        // Checked first: once it is on, a code alone must not show the recovery codes again.
        assertTwoFactorOff(c.var.user)
        // The confirming code is used once too: it cannot sign in again afterwards.
        const claim = await claimAuthenticatorCode(db, authSecret, c.var.user.id, c.req.valid('json').code)
        await betterAuth.call(c, { path: '/two-factor/verify-totp', body: c.req.valid('json') }).catch(async (error: unknown) => {
          await claim.release()
          throw error
        })
        const { user } = c.var
        await recordAudit(db, auditOf(c), { action: 'two_factor_enabled', target: { id: user.id, email: user.email } })
        return c.json({ recoveryCodes: await unusedRecoveryCodes(auth, c.var.user.id) } satisfies RecoveryCodes)
      })
      .post('/disable', guards.requireUser, validate('json', TwoFactorPasswordSchema), async (c) => {
        assertTwoFactorOn(c.var.user)
        await betterAuth.call(c, { body: c.req.valid('json') })
        await afterTwoFactorTurnedOff(db, c.var.user, auditOf(c))
        return c.json(await getProfile(db, { id: c.var.user.id }, requireAdminTwoFactor))
      })
      .post('/recovery-codes', guards.requireUser, validate('json', TwoFactorPasswordSchema), async (c) => {
        assertTwoFactorOn(c.var.user)
        const path = '/two-factor/generate-backup-codes'
        const { backupCodes } = await betterAuth.call<{ backupCodes: string[] }>(c, { path, body: c.req.valid('json') })
        // Better Auth committed the new codes before it answered: the entry follows, as for turning it on.
        const { user } = c.var
        await recordAudit(db, auditOf(c), { action: 'recovery_codes_regenerated', target: { id: user.id, email: user.email } })
        return c.json({ recoveryCodes: backupCodes } satisfies RecoveryCodes)
      })
  )
}
