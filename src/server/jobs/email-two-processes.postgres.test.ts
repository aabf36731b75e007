import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { sentEmail, user } from '../db/schema'
import { freePort, startServer, type ServerProcess } from '../test/server-process'
import { startSmtpCapture } from '../test/smtp-capture'
import { openTestDatabase } from '../test/test-database'
import { enqueue } from './queue'

// Two servers on one PostgreSQL, one of them a WEB_CONCURRENCY=2 cluster: two job workers take
// jobs at the same moments. Each learner's reminder is queued twice under different job keys (as
// a retry race or two schedulers would), so only the sent record's unique key keeps it to one.

const LEARNERS = 15
const cleanup: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
})
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('sends each e-mail once with two processes working the queue', { timeout: 300_000 }, async () => {
  const { database, url, drop } = await openTestDatabase()
  cleanup.push(drop, () => database.close())
  const smtp = await startSmtpCapture()
  cleanup.push(() => smtp.close())
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-email-two-'))
  cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }))

  const env = { DATABASE_URL: url!, SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '1' }
  const servers: ServerProcess[] = []
  cleanup.push(() => Promise.all(servers.map((server) => server.kill('SIGKILL'))))
  servers.push(await startServer(dataDir, await freePort(), { ...env, WEB_CONCURRENCY: '2' }))
  servers.push(await startServer(dataDir, await freePort(), env))

  const learners = Array.from({ length: LEARNERS }, (_, i) => ({ id: randomUUID(), email: `twice-${i}@example.com`, name: `Learner ${i}`, role: 'user' }))
  await database.db.insert(user).values(learners)
  // Due in two seconds, so both workers meet them on the same tick.
  const runAt = new Date(Date.now() + 2000)
  for (const learner of learners) {
    const payload = { userId: learner.id, kind: 'nudge', occasion: 'manual:2026-11-28', requestedBy: 'an-admin' }
    for (const copy of ['a', 'b']) await enqueue(database.db, { name: 'email', payload, key: `race:${learner.id}:${copy}`, runAt })
  }

  const deadline = Date.now() + 60_000
  while (smtp.messages.length < LEARNERS && Date.now() < deadline) await wait(200)
  // A retry of the refused copy comes a minute later at the earliest; a few more ticks show nothing else is sent now.
  await wait(4000)
  expect(smtp.messages.map((mail) => mail.to).sort()).toEqual(learners.map((learner) => learner.email).sort())
  const records = await database.db.select().from(sentEmail)
  expect(records).toHaveLength(LEARNERS)
  expect(records.every((row) => row.status === 'delivered')).toBe(true)
  for (const server of servers.splice(0)) await server.kill('SIGTERM')
})
