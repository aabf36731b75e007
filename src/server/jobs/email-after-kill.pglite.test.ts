import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { openPglite } from '../db/client'
import { job, sentEmail, user } from '../db/schema'
import { emailJobKey } from '../services/email-journeys/send'
import { freePort, startServer, type ServerProcess } from '../test/server-process'
import { startSmtpCapture } from '../test/smtp-capture'
import { enqueue } from './queue'

// The real server, killed with SIGKILL between taking an e-mail's job and sending it: after a
// restart the e-mail goes out once, not twice and not never (docs/decisions/0088-job-queue.md).

const cleanup: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
})

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(check: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await wait(100)
  }
}

it('sends a reminder exactly once when the server is killed between taking its job and sending', { timeout: 300_000 }, async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-email-kill-'))
  cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }))
  const smtp = await startSmtpCapture()
  cleanup.push(() => smtp.close())
  const email = 'kill-test@example.com'
  const learnerId = randomUUID()
  const reminder = { userId: learnerId, kind: 'nudge' as const, occasion: 'manual:2026-11-28', requestedBy: 'an-admin' }

  // The learner and the queued reminder, written before the server starts.
  const database = await openPglite(path.join(dataDir, 'pglite'))
  await database.migrate()
  await database.db.insert(user).values({ id: learnerId, email, name: 'Kim Killed', role: 'user' })
  await enqueue(database.db, { name: 'email', payload: reminder, key: emailJobKey(reminder) })
  await database.close()

  const env = { SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '1' }
  const port = await freePort()
  let server: ServerProcess = await startServer(dataDir, port, { ...env, JOBS_PAUSE_BEFORE_SEND: 'true' })
  cleanup.push(() => server.kill('SIGKILL'))
  await until(() => server.output().includes('an e-mail job is taken and waits here'), 'the job to be taken')
  expect(await server.kill('SIGKILL')).toBeNull()
  expect(smtp.messages).toHaveLength(0)

  server = await startServer(dataDir, port, env)
  await smtp.waitFor(email, () => true, 60_000)
  // Several more ticks of the queue: nothing else goes out.
  await wait(4000)
  await server.kill('SIGTERM')
  expect(smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1)

  const after = await openPglite(path.join(dataDir, 'pglite'))
  cleanup.push(() => after.close())
  const records = await after.db.select().from(sentEmail).where(eq(sentEmail.userId, learnerId))
  expect(records).toEqual([expect.objectContaining({ kind: 'nudge', status: 'delivered', error: null, attempts: 2 })])
  const [done] = await after.db.select().from(job).where(eq(job.key, emailJobKey(reminder)))
  expect(done).toMatchObject({ state: 'done', attempts: 2 })
})
