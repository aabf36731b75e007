import { render } from '@react-email/render'
import type { Mail, MailAttachment } from '../mailer'
import type { JourneyTemplate } from './templates'

/** The HTML and its plain-text twin from one template; the unsubscribe headers when there are links. */
export async function renderJourneyMail(
  to: string,
  template: JourneyTemplate,
  extra: { headers?: Record<string, string>; attachments?: MailAttachment[] } = {},
): Promise<Mail> {
  const [html, text] = await Promise.all([render(template.element), render(template.element, { plainText: true })])
  return { to, subject: template.subject, html, text, ...extra }
}
