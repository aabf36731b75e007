import type { Context } from 'hono'
import { AppError, errorCodeForStatus, type ErrorCode } from '../errors'
import { auditContextOf } from '../middleware/audit-context'
import { runInAuditScope } from './audit-scope'
import { AUTH_BASE_PATH, CODE_LOCKOUT_SECONDS, type Auth } from './auth'
import { betterAuthError, sessionCookieName, setCookieHeaders } from './better-auth-formats'

/** A wrong authenticator code, or one used already (services/two-factor.ts says why the two answer alike). */
export const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.'
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.'
const SIGN_IN_AGAIN = 'Your sign-in has expired. Please sign in again.'
const PASSWORD_INCORRECT = 'Password is incorrect'

/**
 * Better Auth's error codes, in the portal's words. `field`: the form field the message belongs
 * under, sent as the error's one issue.
 */
const translated: Record<string, { code: ErrorCode; message?: string; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
  BANNED_USER: { code: 'ACCOUNT_DISABLED' },
  TEMPORARY_PASSWORD_EXPIRED: { code: 'TEMPORARY_PASSWORD_EXPIRED' },
  INVALID_TOKEN: { code: 'INVALID_TOKEN', message: INVALID_RESET_LINK },
  USER_NOT_FOUND: { code: 'INVALID_TOKEN', message: INVALID_RESET_LINK },
  // Two-factor sign-in (routes/two-factor.ts).
  INVALID_PASSWORD: { code: 'VALIDATION_FAILED', message: PASSWORD_INCORRECT, field: 'password' },
  PASSWORD_TOO_LONG: { code: 'VALIDATION_FAILED', message: PASSWORD_INCORRECT, field: 'password' },
  INVALID_CODE: { code: 'INVALID_CODE', message: WRONG_CODE_MESSAGE, field: 'code' },
  INVALID_BACKUP_CODE: { code: 'INVALID_CODE', message: 'That recovery code is not right, or it was used already.', field: 'code' },
  INVALID_TWO_FACTOR_COOKIE: { code: 'SIGN_IN_EXPIRED', message: SIGN_IN_AGAIN },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'SIGN_IN_EXPIRED', message: 'Too many wrong codes. Please sign in again.' },
  ACCOUNT_TEMPORARILY_LOCKED: {
    code: 'RATE_LIMITED',
    message: `Too many wrong codes. Please wait ${CODE_LOCKOUT_SECONDS / 60} minutes and try again.`,
  },
  TOTP_ALREADY_ENABLED: { code: 'CONFLICT', message: 'Two-factor sign-in is already on.' },
  TOTP_NOT_ENABLED: { code: 'CONFLICT', message: 'Start setting up two-factor sign-in first.' },
  TWO_FACTOR_NOT_ENABLED: { code: 'CONFLICT', message: 'Two-factor sign-in is not on.' },
  BACKUP_CODES_NOT_ENABLED: { code: 'CONFLICT', message: 'Two-factor sign-in is not on.' },
}

/** One of Better Auth's error answers as the portal's one error (docs/decisions/0021-one-error-shape.md). */
export async function toAppError(response: Response): Promise<AppError> {
  const body = await betterAuthError(response)
  const known = body.code ? translated[body.code] : undefined
  const message = known?.message ?? body.message ?? 'The request could not be completed.'
  return new AppError(
    known?.code ?? errorCodeForStatus(response.status),
    message,
    known?.field ? [{ path: known.field, message }] : undefined,
  )
}

type ForwardOptions = {
  /** Better Auth's path under /api/auth; the request's own path when omitted. */
  path?: string
  body?: unknown
  /**
   * Leave the session cookie out: a sign-in's code step is about the sign-in waiting for it, never
   * about a session this browser may still hold.
   */
  withoutSession?: boolean
}

/**
 * How the portal's routes reach Better Auth (docs/decisions/0026-better-auth-behind-portal-routes.md):
 * a fresh request to its handler with the browser's headers and a body the route has checked, and
 * its Set-Cookie headers passed on to the browser. Better Auth's callbacks during the call see the
 * request's audit context (audit-scope.ts).
 */
export function createBetterAuthBridge(auth: Auth, { secureCookies, trustProxy }: { secureCookies: boolean; trustProxy: boolean }) {
  const sessionCookie = sessionCookieName(secureCookies)

  const forward = (c: Context, { path, body, withoutSession = false }: ForwardOptions = {}) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('content-length')
    if (body !== undefined) headers.set('content-type', 'application/json')
    const cookie = headers.get('cookie')
    if (withoutSession && cookie) {
      const others = cookie
        .split(';')
        .filter((part) => part.split('=')[0]?.trim() !== sessionCookie)
        .join(';')
      if (others.trim()) headers.set('cookie', others)
      else headers.delete('cookie')
    }
    const url = path === undefined ? c.req.url : new URL(`${AUTH_BASE_PATH}${path}`, c.req.url).toString()
    const request = new Request(url, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return runInAuditScope(auditContextOf(c, trustProxy), () => auth.handler(request))
  }

  const copyCookies = (c: Context, response: Response) => {
    for (const cookie of setCookieHeaders(response)) c.header('Set-Cookie', cookie, { append: true })
  }

  /** Forwards, and answers Better Auth's JSON, or throws its error in the portal's shape. */
  const call = async <T>(c: Context, options: ForwardOptions = {}): Promise<T> => {
    const response = await forward(c, options)
    if (!response.ok) throw await toAppError(response)
    copyCookies(c, response)
    return (await response.json()) as T
  }

  return { forward, copyCookies, call }
}

export type BetterAuthBridge = ReturnType<typeof createBetterAuthBridge>
