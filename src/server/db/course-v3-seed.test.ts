import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { VERSION_3_NOTE, versionThreeDocument } from '../../../scripts/course-version-sql'
import { migratedInstalls } from '../test/migrated-install'
import type { Database } from './client'

// The seed of the edited guides (drizzle/0011_course_guides_v3.sql) on an install whose owner has
// worked on the course since version 2: it publishes nothing and leaves the owner's course as it was
// (docs/decisions/0081-edited-guides-seeded-as-version-3.md). A fresh install: src/server/course/seed.test.ts.

const BEFORE = '0010_progress_toggle_in_session'
const installs = migratedInstalls()
const installedThen = (owner: (database: Database) => Promise<unknown>) => installs.installedThen(BEFORE, owner)

const rows = async <Row>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows

const versions = (database: Database) =>
  rows<{ version: number; note: string; by: string }>(database, sql`select version, note, published_by_name as by from course_version order by version`)

const drafts = (database: Database) =>
  rows<{ id: string; revision: number; title: string; introduction: string; removed: boolean }>(
    database,
    sql`select id, revision, content ->> 'title' as title, content ->> 'introduction' as introduction, is_removed as removed
        from course_module_draft order by position`,
  )

const SEEDED = [
  { version: 1, note: 'The course as first published', by: 'Seed' },
  { version: 2, note: 'Knowledge checks and deeper guides', by: 'Seed' },
]
const third = versionThreeDocument()

afterAll(() => installs.close())

// Each test migrates a database from empty, which takes a while on a loaded machine.
describe('the seeded version 3 on an existing install', { timeout: 180_000 }, () => {
  it('is not published over a draft module the owner has edited, and the edit stays', async () => {
    const database = await installedThen((db) =>
      db.db.execute(sql`
        update course_module_draft
        set content = jsonb_set(content, '{introduction}', '"My own words on leads."'), revision = revision + 1, updated_by_name = 'Olive Owner'
        where id = 'm3'`),
    )
    expect(await versions(database)).toEqual(SEEDED)
    const after = await drafts(database)
    expect(after.map((draft) => draft.revision)).toEqual([2, 2, 3, 2, 2, 2, 2, 2])
    expect(after[2]!.introduction).toBe('My own words on leads.')
    // The modules the owner did not edit keep version 2's text too: the draft is never half the new version.
    expect(after.filter((draft) => draft.id !== 'm3').map((draft) => draft.introduction)).not.toContain(third.modules[0]!.introduction)
  })

  it('is not published over a module the owner removed from the draft', async () => {
    const database = await installedThen((db) =>
      db.db.execute(sql`update course_module_draft set is_removed = true, revision = revision + 1, updated_by_name = 'Olive Owner' where id = 'm6'`),
    )
    expect(await versions(database)).toEqual(SEEDED)
    expect((await drafts(database)).map((draft) => [draft.id, draft.removed])).toContainEqual(['m6', true])
  })

  it('is not published over a version the owner published, which stays live', async () => {
    const database = await installedThen((db) =>
      db.db.execute(sql`
        insert into course_version (version, document, module_ids, note, published_by_name)
        select 3, jsonb_set(document, '{modules,0,title}', '"Start here"'), module_ids, 'My version', 'Olive Owner'
        from course_version where version = 2`),
    )
    expect(await versions(database)).toEqual([...SEEDED, { version: 3, note: 'My version', by: 'Olive Owner' }])
    expect(await rows(database, sql`select document -> 'modules' -> 0 ->> 'title' as title from course_version where version = 3`)).toEqual([
      { title: 'Start here' },
    ])
    expect((await drafts(database)).map((draft) => draft.revision)).toEqual(Array(8).fill(2))
  })

  it('is published on an install nobody has touched since version 2, with the draft following', async () => {
    const database = await installedThen(async () => {})
    expect(await versions(database)).toEqual([...SEEDED, { version: 3, note: VERSION_3_NOTE, by: 'Seed' }])
    expect(await rows(database, sql`select document from course_version where version = 3`)).toEqual([{ document: third }])
    const after = await drafts(database)
    expect(after.map((draft) => [draft.id, draft.revision, draft.removed])).toEqual(third.modules.map((module) => [module.id, 3, false]))
    expect(after.map((draft) => draft.introduction)).toEqual(third.modules.map((module) => module.introduction))
  })
})
