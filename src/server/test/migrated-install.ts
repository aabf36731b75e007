import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from '../db/client'
import { openTestDatabase } from './harness'

// An install as it stood after an older migration, changed by its owner, then migrated to today:
// how the seed migrations' tests check that an owner's work is never overwritten.

const migrations = path.resolve(import.meta.dirname, '../../../drizzle')

/** A test file's installs; `close` drops them and their folders. */
export function migratedInstalls() {
  const folders: string[] = []
  const opened: { database: Database; drop: () => Promise<void> }[] = []

  /** A copy of drizzle/ that ends at `last`. */
  function migrationsUpTo(last: string): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-migrations-'))
    folders.push(folder)
    const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
    const end = journal.entries.findIndex((entry) => entry.tag === last)
    if (end === -1) throw new Error(`no migration ${last}`)
    const entries = journal.entries.slice(0, end + 1)
    fs.mkdirSync(path.join(folder, 'meta'), { recursive: true })
    fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }))
    for (const { tag } of entries) fs.copyFileSync(path.join(migrations, `${tag}.sql`), path.join(folder, `${tag}.sql`))
    return folder
  }

  return {
    /** A database migrated up to `last`, changed by `owner`, then migrated to today. */
    async installedThen(last: string, owner: (database: Database) => Promise<unknown>): Promise<Database> {
      const test = await openTestDatabase({ isMigrated: false })
      opened.push(test)
      await test.database.migrate(migrationsUpTo(last))
      await owner(test.database)
      await test.database.migrate()
      return test.database
    },
    async close() {
      for (const { database, drop } of opened) {
        await database.close()
        await drop()
      }
      for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
    },
  }
}
