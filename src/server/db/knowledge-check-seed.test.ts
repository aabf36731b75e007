import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migratedInstalls } from '../test/migrated-install'
import type { Database } from './client'

// The seed of the knowledge checks (drizzle/0006_knowledge_checks.sql) on an install whose owner has
// already worked on the course: it publishes nothing and leaves the draft as the owner left it
// (docs/decisions/0053-seeded-knowledge-checks.md). A fresh install: src/server/course/seed.test.ts.

const BEFORE = '0005_two_factor_and_privacy'
const installs = migratedInstalls()
const installedThen = (owner: (database: Database) => Promise<unknown>) => installs.installedThen(BEFORE, owner)

const rows = async <Row>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows

afterAll(() => installs.close())

// Each test migrates a database from empty, which takes a while on a loaded machine.
describe('the seeded knowledge checks on an existing install', { timeout: 180_000 }, () => {
  it('are not published over a draft the owner has edited, and the edit stays', async () => {
    const database = await installedThen((db) =>
      db.db.execute(sql`
        update course_module_draft set content = jsonb_set(content, '{title}', '"My own lead chapter"'), revision = 2
        where id = 'm3'`),
    )
    expect(await rows(database, sql`select version from course_version order by version`)).toEqual([{ version: 1 }])
    const drafts = await rows<{ id: string; revision: number; title: string }>(
      database,
      sql`select id, revision, content ->> 'title' as title from course_module_draft order by position`,
    )
    expect(drafts.map((draft) => draft.revision)).toEqual([1, 1, 2, 1, 1, 1, 1, 1])
    expect(drafts[2]!.title).toBe('My own lead chapter')
    // The attempts' table is there all the same.
    expect(await rows(database, sql`select count(*)::int as n from quiz_attempt`)).toEqual([{ n: 0 }])
  })

  it('are not published over a version the owner published', async () => {
    const database = await installedThen((db) =>
      db.db.execute(sql`
        insert into course_version (version, document, module_ids, note, published_by_name)
        select 2, jsonb_set(document, '{modules,0,title}', '"Start here"'), module_ids, 'My version', 'Olive Owner'
        from course_version where version = 1`),
    )
    const versions = await rows<{ version: number; note: string }>(database, sql`select version, note from course_version order by version`)
    expect(versions).toEqual([
      { version: 1, note: 'The course as first published' },
      { version: 2, note: 'My version' },
    ])
    expect(await rows(database, sql`select count(*)::int as n from course_module_draft where content ? 'knowledgeCheck'`)).toEqual([{ n: 0 }])
  })

  it('are published on an install nobody has touched yet, with the draft following', async () => {
    const database = await installedThen(async () => {})
    // Version 3 (drizzle/0011_course_guides_v3.sql) follows on a course still untouched.
    expect(await rows(database, sql`select version, note from course_version order by version`)).toEqual([
      { version: 1, note: 'The course as first published' },
      { version: 2, note: 'Knowledge checks and deeper guides' },
      { version: 3, note: 'Guides edited for a busy broker' },
    ])
    expect(await rows(database, sql`select count(*)::int as n from course_module_draft where content ? 'knowledgeCheck' and revision = 3`)).toEqual([
      { n: 8 },
    ])
  })
})
