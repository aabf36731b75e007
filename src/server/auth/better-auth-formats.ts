import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * What the portal knows of Better Auth's own formats, and the only module that knows them: the
 * session cookie (its name, the `__Secure-` prefix, its signed value and attributes), the cookie of
 * a sign-in waiting for its second factor, the Set-Cookie headers and error body of its answers,
 * and how it stores a reset token, a sign-in's pending second step and a trusted device. The tests
 * that pin the wire format (routes/auth.test.ts, security-tests/) spell them out on purpose.
 */

/** The attributes Better Auth is told to give its cookies (auth.ts); a refreshed cookie repeats them. */
export const COOKIE_ATTRIBUTES = { sameSite: 'lax', httpOnly: true } as const

const cookieName = (name: string, secure: boolean) => `${secure ? '__Secure-' : ''}better-auth.${name}`

/** The session cookie's name: Secure cookies carry the `__Secure-` prefix, as Better Auth names them. */
export function sessionCookieName(secure: boolean): string {
  return cookieName('session_token', secure)
}

/**
 * The cookie the twoFactor plugin sets when the password was right and a code is still due: its
 * signed value names a `verification` row whose value is the user's id (10 minutes).
 */
export function twoFactorCookieName(secure: boolean): string {
  return cookieName('two_factor', secure)
}

const signatureOf = (token: string, secret: string) => createHmac('sha256', secret).update(token).digest()

/** The cookie's value as Better Auth writes it: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
export function signedSessionValue(token: string, secret: string): string {
  return encodeURIComponent(`${token}.${signatureOf(token, secret).toString('base64')}`)
}

/**
 * The value of one of Better Auth's signed cookies (the session token, a sign-in's pending second
 * step), if it carries this secret's signature. Constant-time comparison.
 */
export function verifiedSignedValue(rawValue: string, secret: string): string | undefined {
  let value: string
  try {
    value = decodeURIComponent(rawValue)
  } catch {
    return undefined
  }
  const dot = value.lastIndexOf('.')
  if (dot < 1) return undefined
  const token = value.slice(0, dot)
  const signature = Buffer.from(value.slice(dot + 1), 'base64')
  const expected = signatureOf(token, secret)
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined
}

/** The Set-Cookie of a session cookie that lives `maxAgeSeconds` more: Better Auth's attributes, as above. */
export function sessionSetCookie(name: string, rawValue: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${name}=${rawValue}`,
    `Max-Age=${maxAgeSeconds}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}

/** The Set-Cookie headers of one of Better Auth's answers, to pass on to the browser. */
export const setCookieHeaders = (response: Response): string[] => response.headers.getSetCookie()

/** The error body of one of Better Auth's answers: its own `code` (BANNED_USER, …) and `message`. */
export async function betterAuthError(response: Response): Promise<{ code?: string; message?: string }> {
  return (await response.json().catch(() => ({}))) as { code?: string; message?: string }
}

/** The `verification` row's identifier under which Better Auth looks up a password-reset token. */
export const resetTokenIdentifier = (token: string): string => `reset-password:${token}`

/**
 * Trusted devices' `verification` identifiers start with this. They are stored as they are (auth.ts),
 * so every trusted device of an account can be found and ended; the cookie that names one also
 * carries an HMAC keyed with the auth secret, so the stored identifier alone opens nothing.
 */
export const TRUST_DEVICE_IDENTIFIER_PREFIX = 'trust-device-'

/** How Better Auth stores a hashed `verification` identifier (auth.ts: every one but a trusted device's). */
export const storedVerificationIdentifier = (identifier: string): string =>
  createHash('sha256').update(identifier).digest('base64url')
