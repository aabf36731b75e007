import type { Profile, SignInAnswer } from '../../../shared/api-types'
import type { ResetRequestInput, SignInInput } from '../../../shared/schemas/auth'
import type { VerifyRecoveryCodeInput, VerifyTotpInput } from '../../../shared/schemas/two-factor'
import { api } from '../../lib/api-client'

// Plain requests, without TanStack Query: the sign-in page loads them on its own (src/client/sign-in.tsx).

/** The forms' schemas, fetched when first needed (lib/use-schema-form). */
export const loadSignInSchema = () => import('../../../shared/schemas/auth').then((schemas) => schemas.SignInSchema)
export const loadResetRequestSchema = () =>
  import('../../../shared/schemas/auth').then((schemas) => schemas.ResetRequestSchema)
export const loadTotpCodeSchema = () => import('../../../shared/schemas/two-factor').then((schemas) => schemas.VerifyTotpSchema)
export const loadRecoveryCodeSchema = () =>
  import('../../../shared/schemas/two-factor').then((schemas) => schemas.VerifyRecoveryCodeSchema)

/** Signed in (the profile), or, for an account with two-factor sign-in on, a code still due. */
export const signIn = (input: SignInInput) => api<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', body: input })

export const requestPasswordReset = (input: ResetRequestInput) =>
  api<{ success: true; message: string }>('/api/auth/request-password-reset', { method: 'POST', body: input })

/** The sign-in's second step, with a code from the authenticator app. */
export const verifyTotp = (input: VerifyTotpInput) =>
  api<Profile>('/api/auth/two-factor/verify-totp', { method: 'POST', body: input })

/** The sign-in's second step, with a recovery code (each works once). */
export const verifyRecoveryCode = (input: VerifyRecoveryCodeInput) =>
  api<Profile>('/api/auth/two-factor/verify-recovery-code', { method: 'POST', body: input })
