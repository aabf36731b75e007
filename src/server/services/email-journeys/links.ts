import { createHmac, timingSafeEqual } from 'node:crypto'
import { emailLinkPaths } from '../../../shared/paths'
import { EMAIL_KINDS, type EmailKind } from '../../../shared/schemas/emails'

/**
 * The signed links of a journey e-mail (docs/decisions/0089-email-journeys.md): whoever holds one
 * may change that learner's e-mail choices without signing in, as RFC 8058 wants, and nobody can
 * make one for another learner or another kind without the server's secret. The key is derived
 * from the auth secret for this one purpose, so a signature here is worth nothing elsewhere.
 */
export type LinkScope = EmailKind | 'all'

const keyOf = (secret: string) => createHmac('sha256', secret).update('email-preferences-link').digest()

const signatureOf = (secret: string, userId: string, scope: LinkScope) =>
  createHmac('sha256', keyOf(secret)).update(`${userId}\n${scope}`).digest('base64url')

export function signedQuery(secret: string, userId: string, scope: LinkScope): string {
  return new URLSearchParams({ u: userId, k: scope, s: signatureOf(secret, userId, scope) }).toString()
}

/** The learner and scope a link names, when its signature is right; undefined for anything forged or altered. */
export function verifySignedQuery(secret: string, query: { u?: string; k?: string; s?: string }): { userId: string; scope: LinkScope } | undefined {
  const { u, k, s } = query
  if (!u || !k || !s || u.length > 100) return undefined
  const scope = k === 'all' || (EMAIL_KINDS as readonly string[]).includes(k) ? (k as LinkScope) : undefined
  if (!scope) return undefined
  const expected = Buffer.from(signatureOf(secret, u, scope))
  const given = Buffer.from(s)
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId: u, scope } : undefined
}

export type EmailLinks = { unsubscribeUrl: string; preferencesUrl: string }

export function emailLinks(absoluteUrl: (path: string) => string, secret: string, userId: string, kind: EmailKind): EmailLinks {
  return {
    unsubscribeUrl: absoluteUrl(`${emailLinkPaths.unsubscribe}?${signedQuery(secret, userId, kind)}`),
    preferencesUrl: absoluteUrl(`${emailLinkPaths.preferences}?${signedQuery(secret, userId, 'all')}`),
  }
}

/** RFC 8058's headers: the mail provider POSTs `List-Unsubscribe=One-Click` to the https URL. */
export const unsubscribeHeaders = (links: EmailLinks): Record<string, string> => ({
  'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})
