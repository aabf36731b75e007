import { paths } from '../../shared/paths'
import type { Env } from '../env'
import type { Mailer } from '../mail/mailer'
import { invitationMail, loginDetailsMail } from '../mail/templates'
import { logger } from '../observability/logger'

/**
 * The e-mail that tells a new account how to get in (docs/decisions/0010-login-details-email.md):
 * an account made with a temporary password (by an admin, or by a purchase) gets its e-mail and
 * that password; an imported account, which has no password yet, gets a link to choose one. Both
 * link to the sign-in page. The account exists whatever the mail does.
 */
type LoginDetailsDeps = { mailer: Mailer; env: Pick<Env, 'absoluteUrl' | 'site'> }

/**
 * Sends the e-mail and temporary password. Answers whether it went out; a failure is logged under
 * `source` (`[admin]`, `[purchases]`), for the caller to report its own way.
 */
export async function sendLoginDetails(
  { mailer, env }: LoginDetailsDeps,
  to: string,
  temporaryPassword: string,
  source: 'admin' | 'purchases',
): Promise<'sent' | 'failed'> {
  try {
    await mailer.send(loginDetailsMail(to, { temporaryPassword, signInUrl: env.absoluteUrl(paths.auth) }, env.site))
    return 'sent'
  } catch (error) {
    logger.error({ err: error, source }, `The login details e-mail to ${to} could not be sent`)
    return 'failed'
  }
}

/** Sends the link to choose a first password (a reset token valid `validDays`); throws if it cannot. */
export async function sendPasswordChoiceLink(
  { mailer, env }: LoginDetailsDeps,
  to: string,
  token: string,
  validDays: number,
): Promise<void> {
  const links = { choosePasswordUrl: env.absoluteUrl(paths.choosePassword(token)), signInUrl: env.absoluteUrl(paths.auth) }
  await mailer.send(invitationMail(to, links, validDays, env.site))
}
