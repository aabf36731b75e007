import { verifiedSignedValue } from './better-auth-formats'

/** Signed session cookies remembered as checked (below): a few megabytes at most. */
const VERIFIED_COOKIES = 10_000

/** A cookie's raw value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=')
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim()
  }
  return undefined
}

/**
 * A signed cookie value's token, or undefined when its signature does not check out. Checking is a
 * pure function of the value and the secret, so a repeat needs no HMAC: only values that verified
 * are kept, at most VERIFIED_COOKIES of them. The session itself is still looked up on every request.
 */
export function createCookieVerifier(secret: string): (raw: string) => string | undefined {
  const verified = new Map<string, string>()
  return (raw) => {
    const known = verified.get(raw)
    if (known !== undefined) return known
    const token = verifiedSignedValue(raw, secret)
    if (token === undefined) return undefined
    if (verified.size >= VERIFIED_COOKIES) verified.clear()
    verified.set(raw, token)
    return token
  }
}
