import { Hono } from 'hono'
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
import { requestHeader } from '../node-http'
import { getProfile } from '../services/profile'
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
 * Audit hooks: Better Auth writes `user.two_factor_enabled` when `confirm` turns it on and
 * `disable` turns it off; the audit log's entries for those go with that write (a database hook on
 * the user's update in auth/auth.ts) or, at the least, right after the call here. An admin's reset
 * has its own service, `resetTwoFactor` (services/two-factor.ts).
 */
export function createTwoFactorRoutes(
  { auth, db, env, guards, authSecret }: AppDeps,
  betterAuth: BetterAuthBridge,
  limits: ReturnType<typeof createRateLimiter>,
) {
  const requireAdminTwoFactor = env.requireAdminTwoFactor
  const codeStep = limits.twoFactor((c) =>
    pendingSignInUserId(db, requestHeader(c, 'cookie'), { secret: authSecret, secureCookies: env.secureCookies }),
  )

  return (
    new Hono<AuthedEnv>()
      .post('/verify-totp', validate('json', VerifyTotpSchema), codeStep, async (c) => {
        const body = c.req.valid('json')
        const { user } = await betterAuth.call<{ user: { id: string } }>(c, { body, withoutSession: true })
        return c.json(await getProfile(db, { id: user.id }, requireAdminTwoFactor))
      })
      .post('/verify-recovery-code', validate('json', VerifyRecoveryCodeSchema), codeStep, async (c) => {
        const body = c.req.valid('json')
        const path = '/two-factor/verify-backup-code'
        const { user } = await betterAuth.call<{ user: { id: string } }>(c, { path, body, withoutSession: true })
        return c.json(await getProfile(db, { id: user.id }, requireAdminTwoFactor))
      })
      .post('/enable', guards.requireUser, validate('json', TwoFactorPasswordSchema), async (c) => {
        assertTwoFactorOff(c.var.user)
        const { password } = c.req.valid('json')
        const { totpURI } = await betterAuth.call<{ totpURI: string }>(c, { body: { password } })
        return c.json({ totpUri: authenticatorUri(totpURI) } satisfies TwoFactorSetup)
      })
      .post('/confirm', guards.requireUser, validate('json', ConfirmTwoFactorSchema), async (c) => {
        // Checked first: once it is on, a code alone must not show the recovery codes again.
        assertTwoFactorOff(c.var.user)
        await betterAuth.call(c, { path: '/two-factor/verify-totp', body: c.req.valid('json') })
        return c.json({ recoveryCodes: await unusedRecoveryCodes(auth, c.var.user.id) } satisfies RecoveryCodes)
      })
      .post('/disable', guards.requireUser, validate('json', TwoFactorPasswordSchema), async (c) => {
        assertTwoFactorOn(c.var.user)
        await betterAuth.call(c, { body: c.req.valid('json') })
        await afterTwoFactorTurnedOff(db, c.var.user.id)
        return c.json(await getProfile(db, { id: c.var.user.id }, requireAdminTwoFactor))
      })
      .post('/recovery-codes', guards.requireUser, validate('json', TwoFactorPasswordSchema), async (c) => {
        assertTwoFactorOn(c.var.user)
        const path = '/two-factor/generate-backup-codes'
        const { backupCodes } = await betterAuth.call<{ backupCodes: string[] }>(c, { path, body: c.req.valid('json') })
        return c.json({ recoveryCodes: backupCodes } satisfies RecoveryCodes)
      })
  )
}
