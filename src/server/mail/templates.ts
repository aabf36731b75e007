import type { SiteConfig } from '../../shared/site-config'
import type { Mail } from './mailer'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

type Paragraph = string | { link: string; label: string }

/** Plain text and a simple HTML twin from the same paragraphs. */
function compose(to: string, subject: string, paragraphs: Paragraph[], site: SiteConfig): Mail {
  const text = paragraphs
    .map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.link}`))
    .concat(`— ${site.tagline}`)
    .join('\n\n')
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join('')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${body}<p style="color:#555">— ${escapeHtml(site.tagline)}</p></body></html>`
  return { to, subject, text, html }
}

export function passwordResetMail(to: string, resetUrl: string, site: SiteConfig): Mail {
  return compose(
    to,
    `Reset your password — ${site.courseName}`,
    [
      'We received a request to reset the password for your training course account.',
      { label: 'Choose a new password', link: resetUrl },
      'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail: your password stays the same.',
    ],
    site,
  )
}

export function loginDetailsMail(
  to: string,
  details: { temporaryPassword: string; signInUrl: string },
  site: SiteConfig,
): Mail {
  return compose(
    to,
    `Your login details — ${site.courseName}`,
    [
      `Welcome to the ${site.courseName}! Your account is ready.`,
      `Email: ${to}\nTemporary password: ${details.temporaryPassword}`,
      { label: 'Sign in', link: details.signInUrl },
      'You will be asked to choose your own password when you first sign in.',
    ],
    site,
  )
}

/** An imported learner's first e-mail: a link to choose their password (see services/invitations). */
export function invitationMail(
  to: string,
  links: { choosePasswordUrl: string; signInUrl: string },
  validDays: number,
  site: SiteConfig,
): Mail {
  return compose(
    to,
    `Your login details — ${site.courseName}`,
    [
      `Welcome to the ${site.courseName}! Your account is ready.`,
      `Email: ${to}`,
      { label: 'Choose your password', link: links.choosePasswordUrl },
      `This link works once and expires in ${validDays} days. Then sign in with your e-mail and the password you chose. If the link has expired, use 'Forgot your password?' on the sign-in page.`,
      { label: 'Sign in', link: links.signInUrl },
    ],
    site,
  )
}
