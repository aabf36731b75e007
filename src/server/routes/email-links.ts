import type { Context, Hono } from 'hono'
import { emailLinkPaths } from '../../shared/paths'
import { EMAIL_KINDS, type EmailKind } from '../../shared/schemas/emails'
import type { AppDeps } from '../deps'
import { auditContextOf } from '../middleware/audit-context'
import { invalidLinkPage, kindsFor, preferencesPage, unsubscribePage } from '../pages/email-link-pages'
import { optedOutKinds, preferencesRecipient, setPreferences, unsubscribe } from '../services/email-journeys/preferences'
import { signedQuery, verifySignedQuery } from '../services/email-journeys/links'

/**
 * The pages of an e-mail's signed links, answered without a session (docs/decisions/0089-email-journeys.md):
 * the one-click unsubscribe of RFC 8058 (a mail provider POSTs `List-Unsubscribe=One-Click` with
 * no Origin and no cookie), its confirmation page, and the preferences page. A link whose
 * signature does not match is a 400 and changes nothing. They are not under /api: a person opens them.
 */
export function serveEmailLinkPages(app: Hono, { db, env, authSecret }: AppDeps): void {
  const courseName = env.site.courseName
  const html = (c: Context, body: string, status: 200 | 400 = 200) => {
    c.header('Cache-Control', 'no-store')
    return c.html(body, status)
  }
  const signed = (c: Context) => verifySignedQuery(authSecret, { u: c.req.query('u'), k: c.req.query('k'), s: c.req.query('s') })
  const linkTo = (path: string, userId: string, scope: EmailKind | 'all') => `${path}?${signedQuery(authSecret, userId, scope)}`

  const unsubscribeRoute = async (c: Context, method: 'GET' | 'POST') => {
    const link = signed(c)
    if (!link) return html(c, invalidLinkPage(courseName), 400)
    const person = await preferencesRecipient(db, link.userId)
    const page = {
      courseName,
      email: person.email,
      kind: link.scope,
      actionUrl: linkTo(emailLinkPaths.unsubscribe, person.id, link.scope),
      preferencesUrl: linkTo(emailLinkPaths.preferences, person.id, 'all'),
    }
    // A GET only asks: link checkers and previews open links, and must not unsubscribe anyone.
    if (method === 'GET') return html(c, unsubscribePage({ ...page, isDone: false }))
    const audit = auditContextOf(c, env.trustProxy)
    for (const kind of link.scope === 'all' ? kindsFor(person.role) : [link.scope]) await unsubscribe(db, person.id, kind, audit)
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    // The mail provider's one-click POST wants only a success; a person's form, the page.
    if (body['List-Unsubscribe'] === 'One-Click') return c.text('Unsubscribed', 200)
    return html(c, unsubscribePage({ ...page, isDone: true }))
  }

  const preferencesRoute = async (c: Context, method: 'GET' | 'POST') => {
    const link = signed(c)
    if (!link || link.scope !== 'all') return html(c, invalidLinkPage(courseName), 400)
    const person = await preferencesRecipient(db, link.userId)
    const kinds = kindsFor(person.role)
    let notice: string | undefined
    if (method === 'POST') {
      const body = await c.req.parseBody({ all: true })
      const chosen = ([] as unknown[]).concat(body.kind ?? [])
      if (!chosen.every((kind) => typeof kind === 'string' && (EMAIL_KINDS as readonly string[]).includes(kind))) {
        return html(c, invalidLinkPage(courseName), 400)
      }
      await setPreferences(db, person.id, kinds.filter((kind) => chosen.includes(kind)), auditContextOf(c, env.trustProxy))
      notice = 'Your choices are saved.'
    }
    const optedOut = await optedOutKinds(db, person.id)
    return html(c, preferencesPage({ courseName, email: person.email, kinds, optedOut, notice, actionUrl: linkTo(emailLinkPaths.preferences, person.id, 'all') }))
  }

  app.get(emailLinkPaths.unsubscribe, (c) => unsubscribeRoute(c, 'GET'))
  app.post(emailLinkPaths.unsubscribe, (c) => unsubscribeRoute(c, 'POST'))
  app.get(emailLinkPaths.preferences, (c) => preferencesRoute(c, 'GET'))
  app.post(emailLinkPaths.preferences, (c) => preferencesRoute(c, 'POST'))
}
