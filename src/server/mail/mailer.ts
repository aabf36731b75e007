import fs from 'node:fs/promises'
import path from 'node:path'

export type MailAttachment = { filename: string; content: Buffer; contentType: string }

export type Mail = {
  to: string
  subject: string
  text: string
  html?: string
  /** Extra headers: the journey e-mails' List-Unsubscribe (docs/decisions/0089-email-journeys.md). */
  headers?: Record<string, string>
  attachments?: MailAttachment[]
}

export type Mailer = { send(mail: Mail): Promise<void> }

type MailerConfig = { smtpUrl: string | undefined; mailFrom: string; dataDir: string }

/** Made on first use: nodemailer loads with the first message, which may be days after a start (decision 0103). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

/**
 * With SMTP_URL: real SMTP. Without: each message is printed to the log and saved as an .eml
 * file under DATA_DIR/mail, so a newcomer can follow a reset link with no mail server.
 */
export function createMailer({ smtpUrl, mailFrom, dataDir }: MailerConfig): Mailer {
  if (smtpUrl) {
    const transport = once(async () => (await import('nodemailer')).default.createTransport(smtpUrl))
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: mailFrom, ...mail })
      },
    }
  }

  const transport = once(async () => (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }))
  const mailDir = path.join(dataDir, 'mail')
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: mailFrom, ...mail })
      await fs.mkdir(mailDir, { recursive: true })
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_')
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`)
      await fs.writeFile(file, info.message as Buffer)
      console.log(
        `[mail] No SMTP_URL set, so this message was not sent. Saved to ${file}\n` +
          `  To: ${mail.to}\n  Subject: ${mail.subject}\n\n${mail.text.replace(/^/gm, '  ')}\n`,
      )
    },
  }
}
