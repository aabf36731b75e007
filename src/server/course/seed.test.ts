import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CourseSchema, type Course } from '../../shared/course/schema'
import { courseModuleDraft, courseVersion } from '../db/schema'
import { createHarness, type Harness } from '../test/harness'
import seeded from './fixtures/course-as-of-2026-11.json'
import { renderMarkdown } from './markdown'

// The course the seed migration installs (drizzle/0004_course_seed.sql) is today's course, word for
// word: src/server/course/fixtures/course-as-of-2026-11.json holds it as it was in
// src/shared/course/ when it moved into the database.

const fixture = seeded as Course
const MODULE_FIELDS = [
  'id',
  'title',
  'navLabel',
  'description',
  'minutes',
  'introduction',
  'lessons',
  'guide',
  'importantReminders',
  'proTips',
  'actionStep',
  'keyTakeaways',
] as const

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

/** Compares one course with the fixture module by module and field by field, so a difference names its place. */
function expectFixture(course: Course) {
  expect(course.modules.map((module) => module.id)).toEqual(fixture.modules.map((module) => module.id))
  fixture.modules.forEach((expected, index) => {
    const actual = course.modules[index]!
    expect(Object.keys(actual).sort(), `module ${index + 1}'s fields`).toEqual([...MODULE_FIELDS].sort())
    for (const field of MODULE_FIELDS) expect(actual[field], `module ${index + 1}, ${field}`).toEqual(expected[field])
  })
  expect(course).toEqual(fixture)
}

describe('the seeded course', () => {
  it('is published as version 1, by the seed, word for word the fixture', async () => {
    const [version, ...others] = await h.db.select().from(courseVersion).orderBy(asc(courseVersion.version))
    expect(others).toEqual([])
    expect(version).toMatchObject({
      version: 1,
      note: 'The course as first published',
      publishedBy: null,
      publishedByName: 'Seed',
      restoredFrom: null,
      moduleIds: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'],
    })
    expectFixture(version!.document)
  })

  it('is the draft too, one row per module at revision 1', async () => {
    const rows = await h.db.select().from(courseModuleDraft).orderBy(asc(courseModuleDraft.position))
    expect(rows.map((row) => [row.id, row.position, row.revision, row.isRemoved, row.updatedByName])).toEqual(
      fixture.modules.map((module, index) => [module.id, index + 1, 1, false, 'Seed']),
    )
    expectFixture({ modules: rows.map((row) => ({ id: row.id, ...row.content })) })
  })

  it('is what the server serves: eight modules, 90 minutes, module 7 with two lessons', async () => {
    const { catalog, version } = h.courseStore.current()
    expect(version).toBe(1)
    expect(catalog.totalMinutes).toBe(90)
    expect(catalog.modules.map((module) => [module.moduleNumber, module.minutes, module.lessonsCount])).toEqual([
      [1, 5, 1],
      [2, 12, 1],
      [3, 15, 1],
      [4, 10, 1],
      [5, 12, 1],
      [6, 8, 1],
      [7, 18, 2],
      [8, 10, 1],
    ])
    expectFixture(h.courseStore.current().course)
  })

  it('passes the course schema unchanged', () => {
    const parsed = CourseSchema.safeParse(fixture)
    expect(parsed.error?.issues).toBeUndefined()
    expect(parsed.data).toEqual(fixture)
  })

  it('reads on the page as it was written: no text of it means anything in Markdown', () => {
    const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
    for (const module of fixture.modules) {
      const markdownFields = [
        module.introduction,
        ...module.lessons.flatMap((lesson) => [lesson.summary, ...lesson.keyPoints]),
        ...module.guide.map((step) => step.detail),
        ...module.importantReminders,
        ...module.proTips,
        module.actionStep.description,
        ...module.keyTakeaways,
      ]
      for (const text of markdownFields) expect(renderMarkdown(text)).toBe(escape(text))
    }
  })

  it('keeps every quote, apostrophe and arrow through the migration', async () => {
    const [module3] = await h.db.select().from(courseModuleDraft).where(eq(courseModuleDraft.id, 'm3'))
    const text = JSON.stringify(module3!.content)
    expect(text).toContain('partner’s value')
    expect(text).toContain("the default is 'Bank'")
    expect(text).toContain('new lead → Contacted')
  })
})
