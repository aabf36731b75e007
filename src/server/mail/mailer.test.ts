import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { startSmtpCapture } from '../test/smtp-capture'
import { createMailer } from './mailer'

const dirs: string[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

it('without SMTP_URL, saves the message as an .eml file under DATA_DIR/mail and logs it', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-mail-'))
  dirs.push(dataDir)
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  await createMailer({ smtpUrl: undefined, mailFrom: 'Portal <no-reply@localhost>', dataDir }).send({
    to: 'ada@example.com',
    subject: 'Hello',
    text: 'Follow http://localhost:3000/change-password?token=abc',
  })
  const files = fs.readdirSync(path.join(dataDir, 'mail'))
  expect(files).toHaveLength(1)
  expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT.*-ada@example\.com\.eml$/)
  const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8')
  expect(eml).toContain('To: ada@example.com')
  expect(eml).toContain('Subject: Hello')
  expect(log.mock.calls.flat().join('\n')).toContain('change-password?token=abc')
})

it('with SMTP_URL, delivers over SMTP', async () => {
  const smtp = await startSmtpCapture()
  try {
    await createMailer({ smtpUrl: smtp.url, mailFrom: 'Portal <no-reply@localhost>', dataDir: os.tmpdir() }).send({
      to: 'bo@example.com',
      subject: 'Over the wire',
      text: 'Hi',
    })
    expect((await smtp.waitFor('bo@example.com')).subject).toBe('Over the wire')
  } finally {
    await smtp.close()
  }
})
