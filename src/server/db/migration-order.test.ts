import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'

// Drizzle's migrator applies a migration only when its journal date (`when`) is later than the
// last one the database applied: one dated earlier is skipped for good on every install already
// past it, while a fresh install runs it. The dates are set by hand here, one step apart.

const migrations = path.resolve(import.meta.dirname, '../../../drizzle')
type Journal = { entries: { tag: string; when: number }[] }
const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as Journal
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-migration-order-'))
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

describe('the migrations’ journal', () => {
  it('dates every migration after the one before it', () => {
    const late = journal.entries.filter((entry, index) => index > 0 && entry.when <= journal.entries[index - 1]!.when)
    expect(late.map((entry) => entry.tag)).toEqual([])
  })

  it('applies the last migration to an install that has every one before it', async () => {
    const { database, drop } = await openTestDatabase({ isMigrated: false })
    try {
      const before = journal.entries.slice(0, -1)
      fs.mkdirSync(path.join(folder, 'meta'), { recursive: true })
      fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }))
      for (const { tag } of before) fs.copyFileSync(path.join(migrations, `${tag}.sql`), path.join(folder, `${tag}.sql`))
      await database.migrate(folder)
      await database.migrate()
      const applied = (await database.db.execute(sql`select count(*)::int as "count" from drizzle.__drizzle_migrations`)) as unknown as { rows: { count: number }[] }
      expect(applied.rows[0]!.count).toBe(journal.entries.length)
    } finally {
      await database.close()
      await drop()
    }
  })
})
