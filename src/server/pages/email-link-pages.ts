import { EMAIL_KINDS, emailKindLabels, type EmailKind } from '../../shared/schemas/emails'

/**
 * The pages an e-mail's signed links open (docs/decisions/0089-email-journeys.md): plain HTML
 * from the server, no script (the CSP's `script-src 'self'` holds, and they work with JavaScript
 * off), one column that fits a 360 px phone.
 */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#1f2933;background:#f4f5f7}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:.5rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.course{margin:0 0 .5rem;font-weight:700;color:#1e3a5f}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:700;margin-bottom:.5rem}
.choice{display:flex;gap:.75rem;align-items:flex-start;padding:.5rem 0}
.choice input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none}
button{font:inherit;font-weight:700;color:#fff;background:#1e3a5f;border:0;border-radius:.375rem;padding:.75rem 1.25rem;min-height:44px;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #c7972e;outline-offset:2px}
a{color:#1e3a5f}
.notice{background:#e6f4ea;color:#1b4d2b;border-radius:.375rem;padding:.75rem 1rem}
.muted{color:#52606d;font-size:.9375rem}
`

function page(title: string, courseName: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} — ${escapeHtml(courseName)}</title><style>${STYLE}</style></head><body><main><div class="card"><p class="course">${escapeHtml(courseName)}</p>${body}</div></main></body></html>`
}

export function invalidLinkPage(courseName: string): string {
  return page(
    'Link not valid',
    courseName,
    '<h1>This link is not valid</h1><p>It may have been changed or copied incompletely. Use the link at the bottom of the most recent e-mail from the course; nothing was changed.</p>',
  )
}

type PreferencesPage = {
  courseName: string
  email: string
  /** The kinds this person may get: the digest only for an admin. */
  kinds: readonly EmailKind[]
  optedOut: readonly EmailKind[]
  actionUrl: string
  notice?: string
}

export function preferencesPage({ courseName, email, kinds, optedOut, actionUrl, notice }: PreferencesPage): string {
  const choices = kinds
    .map((kind) => {
      const id = `kind-${kind}`
      const checked = optedOut.includes(kind) ? '' : ' checked'
      return `<div class="choice"><input type="checkbox" id="${id}" name="kind" value="${kind}"${checked}><label for="${id}">${escapeHtml(emailKindLabels[kind])}</label></div>`
    })
    .join('')
  return page(
    'E-mail preferences',
    courseName,
    `<h1>E-mail preferences</h1>` +
      (notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : '') +
      `<p>Choose which e-mails the course sends to <strong>${escapeHtml(email)}</strong>.</p>` +
      `<form method="post" action="${escapeHtml(actionUrl)}"><fieldset><legend>Send me</legend>${choices}</fieldset><button type="submit">Save my choices</button></form>` +
      `<p class="muted">E-mails about your account (your login details, a password reset) are always sent.</p>`,
  )
}

type UnsubscribePage = { courseName: string; email: string; kind: EmailKind | 'all'; actionUrl: string; preferencesUrl: string; isDone: boolean }

export function unsubscribePage({ courseName, email, kind, actionUrl, preferencesUrl, isDone }: UnsubscribePage): string {
  const what = kind === 'all' ? 'any e-mails from the course except account e-mails' : `“${emailKindLabels[kind]}”`
  const body = isDone
    ? `<h1>You are unsubscribed</h1><p class="notice" role="status">${escapeHtml(email)} will no longer get ${escapeHtml(what)}.</p>`
    : `<h1>Unsubscribe</h1><p>Stop sending ${escapeHtml(what)} to <strong>${escapeHtml(email)}</strong>?</p><form method="post" action="${escapeHtml(actionUrl)}"><button type="submit">Unsubscribe</button></form>`
  return page('Unsubscribe', courseName, `${body}<p><a href="${escapeHtml(preferencesUrl)}">Choose which e-mails you get</a></p>`)
}

/** The kinds a person can choose between: learners' e-mails, and the digest for an admin. */
export const kindsFor = (role: string): EmailKind[] => EMAIL_KINDS.filter((kind) => kind !== 'digest' || role === 'admin')
