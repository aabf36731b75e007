import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'
import type { Database } from './client'

// Migration 0013 on an install with learners: each account's source and first sign-in come from
// what the portal recorded before (docs/decisions/0087-owner-insights.md).

const migrations = path.resolve(import.meta.dirname, '../../../drizzle')
const folders: string[] = []
let opened: { database: Database; drop: () => Promise<void> } | undefined

/** A copy of drizzle/ without the insights' migration and what follows it. */
function migrationsBeforeInsights(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-migrations-'))
  folders.push(folder)
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  const entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === '0013_insights'))
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true })
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const { tag } of entries) fs.copyFileSync(path.join(migrations, `${tag}.sql`), path.join(folder, `${tag}.sql`))
  return folder
}

afterAll(async () => {
  await opened?.database.close()
  await opened?.drop()
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

it('gives the accounts made before it their source and first sign-in', { timeout: 180_000 }, async () => {
  opened = await openTestDatabase({ isMigrated: false })
  const { database } = opened
  await database.migrate(migrationsBeforeInsights())
  await database.db.execute(sql`
    insert into "user" (id, email, role, last_activity_at, created_at, updated_at) values
      ('imported', 'imported@example.com', 'user', '2026-10-05T12:00:00Z', '2026-10-01T09:00:00Z', now()),
      ('bought', 'bought@example.com', 'user', null, '2026-10-01T09:00:00Z', now()),
      ('made-by-cli', 'cli@example.com', 'user', '2026-10-09T12:00:00Z', '2026-10-01T09:00:00Z', now()),
      ('unknown', 'unknown@example.com', 'user', null, '2026-10-01T09:00:00Z', now())`)
  await database.db.execute(sql`
    insert into audit_log (created_at, action, actor_kind, target_id, target_email, detail) values
      ('2026-10-01T09:00:00Z', 'user_created', 'user', 'imported', 'imported@example.com', '{"via": "import", "role": "user"}'),
      ('2026-10-02T08:00:00Z', 'sign_in', 'user', 'imported', 'imported@example.com', '{"method": "password"}'),
      ('2026-10-04T08:00:00Z', 'sign_in', 'user', 'imported', 'imported@example.com', '{"method": "password"}'),
      ('2026-10-01T09:00:00Z', 'user_created', 'system', 'made-by-cli', 'cli@example.com', '{"via": "cli", "role": "user"}')`)
  // The webhook's account whose creation entry the retention prune has taken: its purchase says it.
  await database.db.execute(sql`
    insert into purchase_event (id, order_id, event, email, user_id, result) values ('delivery-1', 'order-1', 'purchase', 'bought@example.com', 'bought', 'created')`)
  // The command line's learner signed in before the audit log kept sign-ins: the first module they completed says when at the latest.
  await database.db.execute(sql`insert into module_progress (user_id, module_id, completed_at) values ('made-by-cli', 'm1', '2026-10-03T10:00:00Z')`)

  await database.migrate()

  const users = ((await database.db.execute(sql`select id, source, first_signed_in_at from "user" order by id`)) as unknown as {
    rows: { id: string; source: string; first_signed_in_at: Date | string | null }[]
  }).rows
  expect(users.map((row) => [row.id, row.source, row.first_signed_in_at && new Date(row.first_signed_in_at).toISOString()])).toEqual([
    ['bought', 'webhook', null],
    ['imported', 'import', '2026-10-02T08:00:00.000Z'],
    ['made-by-cli', 'cli', '2026-10-03T10:00:00.000Z'],
    // Nothing recorded: made by an admin, the default, and never signed in.
    ['unknown', 'admin', null],
  ])
})
