import fs from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { courseVersionSql, MIGRATION_FILE, VERSION_3_NOTE } from '../../../scripts/course-version-sql'
import { CourseSchema, type Course } from '../../shared/course/schema'
import { courseModuleDraft, courseVersion } from '../db/schema'
import { createHarness, type Harness } from '../test/harness'
import { knowledgeCheckFigures, knowledgeCheckShortfalls } from '../test/knowledge-check-quality'
import seeded from './fixtures/course-as-of-2026-11.json'
import checks from './fixtures/knowledge-checks.json'
import checksV3 from './fixtures/knowledge-checks-v3.json'
import modulesV2 from './fixtures/modules-v2.json'
import modulesV3 from './fixtures/modules-v3.json'
import { renderMarkdown } from './markdown'

// The course the seed migration installs (drizzle/0004_course_seed.sql) is today's course, word for
// word: src/server/course/fixtures/course-as-of-2026-11.json holds it as it was in
// src/shared/course/ when it moved into the database. Version 2 (drizzle/0006_knowledge_checks.sql)
// is that course with deeper guides and a knowledge check per module, from the other two fixtures.
// Version 3 (drizzle/0011_course_guides_v3.sql, written by scripts/course-version-sql.ts) is the
// guides edited (modules-v3.json) with the checks of knowledge-checks-v3.json.

const fixture = seeded as Course
const secondVersion = { modules: modulesV2.map((module) => ({ ...module, knowledgeCheck: checks[module.id as keyof typeof checks] })) } as Course
const thirdVersion = { modules: modulesV3.map((module) => ({ ...module, knowledgeCheck: checksV3[module.id as keyof typeof checksV3] })) } as Course
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
    const [version, second, third, ...others] = await h.db.select().from(courseVersion).orderBy(asc(courseVersion.version))
    expect(others).toEqual([])
    expect(second).toMatchObject({ version: 2, note: 'Knowledge checks and deeper guides', publishedByName: 'Seed', restoredFrom: null })
    expect(third).toMatchObject({ version: 3, note: VERSION_3_NOTE, publishedBy: null, publishedByName: 'Seed', restoredFrom: null })
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

  it('is followed by version 2, the fixtures of the knowledge checks and the deeper guides, none required', async () => {
    const [version] = await h.db.select().from(courseVersion).where(eq(courseVersion.version, 2))
    expect(version).toMatchObject({ publishedBy: null, moduleIds: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'] })
    expect(version!.document).toEqual(secondVersion)
    expect(CourseSchema.safeParse(secondVersion).error?.issues).toBeUndefined()
    expect(secondVersion.modules.map((module) => module.knowledgeCheck?.requirePass)).toEqual(Array(8).fill(false))
    expect(secondVersion.modules.map((module) => module.knowledgeCheck?.passMark)).toEqual(Array(8).fill(80))
    expect(secondVersion.modules.every((module) => module.knowledgeCheck!.questions.length >= 4 && module.knowledgeCheck!.questions.length <= 6)).toBe(true)
  })

  it('is followed by version 3, the edited guides with the knowledge checks of knowledge-checks-v3.json', async () => {
    const [version] = await h.db.select().from(courseVersion).where(eq(courseVersion.version, 3))
    expect(version).toMatchObject({ publishedBy: null, moduleIds: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'] })
    expect(version!.document).toEqual(thirdVersion)
    expect(CourseSchema.safeParse(thirdVersion).error?.issues).toBeUndefined()
  })

  it('keeps in version 3 what the guides’ edit does not touch: ids, titles, labels, descriptions, minutes, lessons’ titles and videos', () => {
    secondVersion.modules.forEach((before, index) => {
      const after = thirdVersion.modules[index]!
      for (const field of ['id', 'title', 'navLabel', 'description', 'minutes'] as const) expect(after[field], `${before.id}, ${field}`).toEqual(before[field])
      expect(after.lessons.map(({ summary: _summary, keyPoints: _points, ...lesson }) => lesson)).toEqual(
        before.lessons.map(({ summary: _summary, keyPoints: _points, ...lesson }) => lesson),
      )
    })
  })

  it('is written by its generator: drizzle/0011_course_guides_v3.sql is scripts/course-version-sql.ts’s output for today’s fixtures', () => {
    expect(fs.readFileSync(MIGRATION_FILE, 'utf8')).toBe(courseVersionSql())
  })

  it('keeps every text of version 1 in version 2, in the same field, with the same ids, minutes and videos', () => {
    fixture.modules.forEach((before, index) => {
      const after = secondVersion.modules[index]!
      expect(after.id).toBe(before.id)
      for (const field of ['title', 'navLabel', 'description', 'minutes', 'actionStep'] as const) expect(after[field]).toEqual(before[field])
      expect(after.introduction).toContain(before.introduction)
      before.lessons.forEach((lesson, at) => {
        const kept = after.lessons[at]!
        expect({ ...kept, summary: lesson.summary, keyPoints: lesson.keyPoints }).toEqual(lesson)
        expect(kept.summary).toContain(lesson.summary)
        expect(kept.keyPoints).toEqual(expect.arrayContaining(lesson.keyPoints))
      })
      for (const step of before.guide) {
        expect(after.guide.some((kept) => kept.title === step.title && kept.detail.includes(step.detail)), `${before.id}: ${step.title}`).toBe(true)
      }
      for (const list of ['importantReminders', 'proTips', 'keyTakeaways'] as const) {
        for (const item of before[list]) expect(after[list].some((kept) => kept.includes(item)), `${before.id}, ${list}: ${item}`).toBe(true)
      }
    })
  })

  it('is the draft too, one row per module at revision 3, as version 3 left it', async () => {
    const rows = await h.db.select().from(courseModuleDraft).orderBy(asc(courseModuleDraft.position))
    expect(rows.map((row) => [row.id, row.position, row.revision, row.isRemoved, row.updatedByName])).toEqual(
      fixture.modules.map((module, index) => [module.id, index + 1, 3, false, 'Seed']),
    )
    expect({ modules: rows.map((row) => ({ id: row.id, ...row.content })) }).toEqual(thirdVersion)
  })

  it('is what the server serves: version 3, eight modules, 90 minutes, module 7 with two lessons', async () => {
    const { learnerCatalog: catalog, version } = h.courseStore.current()
    expect(version).toBe(3)
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
    expect(h.courseStore.current().document).toEqual(thirdVersion)
  })

  it('serves knowledge checks that meet the quality bar', () => {
    expect(knowledgeCheckShortfalls(knowledgeCheckFigures(h.courseStore.current().document.modules))).toEqual([])
  })

  it('passes the course schema unchanged', () => {
    const parsed = CourseSchema.safeParse(fixture)
    expect(parsed.error?.issues).toBeUndefined()
    expect(parsed.data).toEqual(fixture)
  })

  it('reads on the page as it was written: no text of it means anything in Markdown', () => {
    const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
    for (const module of [...fixture.modules, ...secondVersion.modules, ...thirdVersion.modules]) {
      const markdownFields = [
        module.introduction,
        ...module.lessons.flatMap((lesson) => [lesson.summary, ...lesson.keyPoints]),
        ...module.guide.map((step) => step.detail),
        ...module.importantReminders,
        ...module.proTips,
        module.actionStep.description,
        ...module.keyTakeaways,
        ...(module.knowledgeCheck?.questions.flatMap((question) => question.options.flatMap((option) => option.explanation ?? [])) ?? []),
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
