import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCourseStore } from '../course/course-store'
import { getProgress } from '../services/progress-read'
import { openTestDatabase } from '../test/harness'
import type { Database } from './client'

// The course's move into the database (drizzle/0003_course_studio.sql, 0004_course_seed.sql), run
// on a database that already has learners: everyone's progress stays on the module it was on.

const migrations = path.resolve(import.meta.dirname, '../../../drizzle')
/** The last migration before the course moved into the database. */
const BEFORE = '0002_onboarding'

let database: Database
let drop: () => Promise<void>
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-migrations-'))

/** A copy of drizzle/ that ends at `last`. */
function migrationsUpTo(last: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  const entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === last) + 1)
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true })
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const { tag } of entries) fs.copyFileSync(path.join(migrations, `${tag}.sql`), path.join(folder, `${tag}.sql`))
  return folder
}

const rows = async <Row>(query: ReturnType<typeof sql>) => {
  const result = await database.db.execute(query)
  return (result as unknown as { rows: Row[] }).rows
}

const DONE_AT = (n: number) => new Date(Date.UTC(2026, 9, n, 12, 0, 0))

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase({ isMigrated: false }))
  await database.migrate(migrationsUpTo(BEFORE))
  // Three learners as the portal kept them before: progress by module number.
  await database.db.execute(sql`
    insert into "user" (id, name, email, completed_modules) values
      ('ada', 'Ada Broker', 'ada@example.com', 3),
      ('bo', 'Bo Broker', 'bo@example.com', 8),
      ('cy', 'Cy Broker', 'cy@example.com', 0)`)
  for (const [user, numbers] of [['ada', [1, 4, 7]], ['bo', [1, 2, 3, 4, 5, 6, 7, 8]]] as const) {
    for (const n of numbers) {
      await database.db.execute(sql`insert into module_progress (user_id, module_number, completed_at) values (${user}, ${n}, ${DONE_AT(n)})`)
    }
  }
  await database.db.execute(sql`
    insert into certificate (id, user_id, recipient_name, completed_at)
    values ('SWS-AAAAA-BBBBB-CCCCC-DDDDD', 'bo', 'Bo Broker', ${DONE_AT(8)})`)
  await database.migrate()
})
afterAll(async () => {
  await database?.close()
  await drop?.()
  fs.rmSync(folder, { recursive: true, force: true })
})

describe('moving progress to module ids', () => {
  it('keeps every row, on the module it was on, with its completion time', async () => {
    const progress = await rows<{ user_id: string; module_id: string; completed_at: Date | string }>(
      sql`select user_id, module_id, completed_at from module_progress order by user_id, module_id`,
    )
    expect(progress.map((row) => [row.user_id, row.module_id, new Date(row.completed_at).toISOString()])).toEqual([
      ['ada', 'm1', DONE_AT(1).toISOString()],
      ['ada', 'm4', DONE_AT(4).toISOString()],
      ['ada', 'm7', DONE_AT(7).toISOString()],
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => ['bo', `m${n}`, DONE_AT(n).toISOString()]),
    ])
  })

  it('keeps the learners’ counts, and the certificate, which certifies eight modules', async () => {
    expect(await rows(sql`select id, completed_modules from "user" order by id`)).toEqual([
      { id: 'ada', completed_modules: 3 },
      { id: 'bo', completed_modules: 8 },
      { id: 'cy', completed_modules: 0 },
    ])
    expect(await rows(sql`select id, user_id, module_count from certificate`)).toEqual([
      { id: 'SWS-AAAAA-BBBBB-CCCCC-DDDDD', user_id: 'bo', module_count: 8 },
    ])
  })

  it('shows each learner the same progress as before, over the seeded course', async () => {
    const store = await openCourseStore(database.db)
    try {
      const ada = await getProgress(database.db, store.current(), 'ada')
      expect(ada).toMatchObject({ completedModuleNumbers: [1, 4, 7], completedCount: 3, totalModules: 8, nextModuleNumber: 2 })
      expect(ada.modules.map((module) => [module.moduleId, module.moduleNumber, module.completedAt])).toEqual(
        [1, 4, 7].map((n) => [`m${n}`, n, DONE_AT(n).toISOString()]),
      )
      expect(await getProgress(database.db, store.current(), 'bo')).toMatchObject({ completedCount: 8, isCourseComplete: true })
      expect(await getProgress(database.db, store.current(), 'cy')).toMatchObject({ completedCount: 0, minutesLeft: 90 })
    } finally {
      await store.close()
    }
  })

  it('leaves no module number behind: a module id may name a module added later', async () => {
    const columns = await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'module_progress' order by column_name`,
    )
    expect(columns.map((column) => column.column_name)).toEqual(['completed_at', 'module_id', 'user_id'])
    await database.db.execute(sql`insert into module_progress (user_id, module_id) values ('cy', 'a-module-added-later')`)
  })
})
