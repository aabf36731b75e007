import type { Profile } from '../../../shared/api-types'
import type { ResetRequestInput, SignInInput } from '../../../shared/schemas/auth'
import { api } from '../../lib/api-client'

// Plain requests, without TanStack Query: the sign-in page loads them on its own (src/client/sign-in.tsx).

/** The forms' schemas, fetched when first needed (lib/use-schema-form). */
export const loadSignInSchema = () => import('../../../shared/schemas/auth').then((schemas) => schemas.SignInSchema)
export const loadResetRequestSchema = () =>
  import('../../../shared/schemas/auth').then((schemas) => schemas.ResetRequestSchema)

export const signIn = (input: SignInInput) => api<Profile>('/api/auth/sign-in/email', { method: 'POST', body: input })

export const requestPasswordReset = (input: ResetRequestInput) =>
  api<{ success: true; message: string }>('/api/auth/request-password-reset', { method: 'POST', body: input })
