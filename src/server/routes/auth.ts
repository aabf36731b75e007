import { Hono, type Context } from 'hono'
import { ResetPasswordSchema, ResetRequestSchema, SignInSchema } from '../../shared/schemas/auth'
import { AUTH_BASE_PATH } from '../auth/auth'
import { betterAuthError, setCookieHeaders } from '../auth/better-auth-formats'
import type { AppDeps } from '../deps'
import { AppError, errorCodeForStatus, type ErrorCode } from '../errors'
import { createRateLimiter } from '../middleware/rate-limit'
import { assertNotCommon } from '../services/passwords'
import { getProfile } from '../services/profile'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

/** Better Auth's error codes, in the portal's words. */
const translated: Record<string, { code: ErrorCode; message?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
  BANNED_USER: { code: 'ACCOUNT_DISABLED' },
  TEMPORARY_PASSWORD_EXPIRED: { code: 'TEMPORARY_PASSWORD_EXPIRED' },
  INVALID_TOKEN: { code: 'INVALID_TOKEN', message: 'This reset link is invalid or has expired. Please request a new one.' },
  USER_NOT_FOUND: { code: 'INVALID_TOKEN', message: 'This reset link is invalid or has expired. Please request a new one.' },
}

async function toAppError(response: Response): Promise<AppError> {
  const body = await betterAuthError(response)
  const known = body.code ? translated[body.code] : undefined
  return new AppError(
    known?.code ?? errorCodeForStatus(response.status),
    known?.message ?? body.message ?? 'The request could not be completed.',
  )
}

/**
 * Better Auth does the work behind these routes; only these are reachable. Bodies are checked
 * against the shared schemas first, so the messages and rules of docs/spec.md §5 apply, and Better
 * Auth's answers are reshaped: no session token in a body, errors in the one error shape. Sign-in
 * and reset requests are rate limited per client address and per e-mail (middleware/rate-limit).
 */
export function createAuthRoutes({ auth, db, env }: AppDeps): ApiRoutes {
  const limits = createRateLimiter(db, env)
  const forward = (c: Context, body?: unknown) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('content-length')
    if (body !== undefined) headers.set('content-type', 'application/json')
    return auth.handler(
      new Request(c.req.url, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    )
  }
  const copyCookies = (c: Context, response: Response) => {
    for (const cookie of setCookieHeaders(response)) c.header('Set-Cookie', cookie, { append: true })
  }

  const routes = new Hono()
    .post('/sign-in/email', validate('json', SignInSchema), limits.signIn, async (c) => {
      const { email, password } = c.req.valid('json')
      const response = await forward(c, { email, password, rememberMe: true })
      if (!response.ok) throw await toAppError(response)
      copyCookies(c, response)
      return c.json(await getProfile(db, { email }))
    })
    .post('/sign-out', async (c) => {
      const response = await forward(c)
      copyCookies(c, response)
      return c.json({ success: true })
    })
    .post('/request-password-reset', validate('json', ResetRequestSchema), limits.passwordReset, async (c) => {
      const response = await forward(c, c.req.valid('json'))
      if (!response.ok) throw await toAppError(response)
      return c.json({ success: true, message: 'If this email exists in our system, check your email for the reset link' })
    })
    .post('/reset-password', validate('json', ResetPasswordSchema), async (c) => {
      // Checked before Better Auth sees it, so the link still works for a better password.
      assertNotCommon(c.req.valid('json').newPassword, 'newPassword')
      const response = await forward(c, c.req.valid('json'))
      if (!response.ok) throw await toAppError(response)
      return c.json({ success: true })
    })
    .all('*', () => {
      throw new AppError('NOT_FOUND', 'Not found')
    })
  return { path: AUTH_BASE_PATH, routes }
}
