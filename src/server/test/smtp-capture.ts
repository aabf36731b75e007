import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type CapturedMail = {
  to: string
  subject: string
  text: string
  html: string
  /** Each header by its lower-case name, as sent. */
  headers: Map<string, string>
  attachments: { filename: string; contentType: string; content: Buffer }[]
}

/** A real SMTP server in the test process: the portal sends to it as it would to any other. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = []
  const waiters = new Set<() => void>()
  /** While set, a message is accepted only when it resolves: the sender waits, as on a slow server. */
  let gate: Promise<void> | undefined
  /** While true, every connection is turned away at once, as by a server that is down for maintenance. */
  let isRefusing = false
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!isRefusing) return callback()
      callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }))
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail: ParsedMail) => {
          await gate
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '')
          const headers = new Map(mail.headerLines.map((line) => [line.key, line.line.slice(line.key.length + 1).trim()]))
          const attachments = mail.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, content: file.content }))
          messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '', headers, attachments })
          for (const wake of waiters) wake()
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message (from now or earlier) to this address that matches, within the timeout. */
    async waitFor(to: string, match: (mail: CapturedMail) => boolean = () => true, timeoutMs = 10_000): Promise<CapturedMail> {
      const find = () => messages.find((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && match(mail))
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = find()
        if (found) return found
        const remaining = deadline - Date.now()
        if (remaining <= 0) throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake)
            clearTimeout(timer)
            resolve()
          }
          const timer = setTimeout(wake, remaining)
          waiters.add(wake)
        })
      }
    },
    /** Holds every message from now until `release()` is called: none is delivered meanwhile. */
    hold(): () => void {
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      gate = held
      return () => {
        if (gate === held) gate = undefined
        release()
      }
    },
    /** Refuses every connection (421) until `accept()`: the portal's sends fail, as with the SMTP server down. */
    refuse() {
      isRefusing = true
    },
    accept() {
      isRefusing = false
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>

/** The first link in a message that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix))
  if (!link) throw new Error(`No link starting with ${prefix} in:\n${mail.text}`)
  return link
}
