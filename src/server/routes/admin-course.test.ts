import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DraftModule } from '../../shared/course/admin-api-types'
import { ModuleContentSchema } from '../../shared/course/schema'
import { courseModuleDraft, courseVersion } from '../db/schema'
import { snapshotDb } from '../test/db-snapshot'
import { addModule, COURSE, draftCourse, draftOrder, editModule, publish, reorder } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'

let h: Harness
let ada: TestClient
let bo: TestClient
let learner: TestClient

beforeAll(async () => {
  h = await createHarness()
  ada = (await h.signedIn({ role: 'admin', fullName: 'Ada Admin' })).client
  bo = (await h.signedIn({ role: 'admin', fullName: 'Bo Admin' })).client
  learner = (await h.signedIn()).client
})
afterAll(() => h?.close())

const draftRow = async (id: string) => (await h.db.select().from(courseModuleDraft).where(eq(courseModuleDraft.id, id)))[0]

describe('the draft', () => {
  it('starts as the published course: eight modules, each published, nothing to publish', async () => {
    const course = await draftCourse(ada)
    expect(course).toMatchObject({ liveVersion: 3, hasChanges: false })
    expect(course.modules.map((m) => [m.id, m.position, m.status, m.revision, m.updatedByName])).toEqual(
      // Revision 3: the seed's second and third versions (drizzle/0006_knowledge_checks.sql,
      // drizzle/0011_course_guides_v3.sql) each updated every row.
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`m${n}`, n, 'published', 3, 'Seed']),
    )
    expect(course.modules[2]!.title).toBe('Lead Management')
  })

  it('gives the editor a whole module at its revision, and 404 for one it does not have', async () => {
    const response = await ada.get(`${COURSE}/modules/m7`)
    expect(response.status).toBe(200)
    const draft = response.json as DraftModule
    expect(draft).toMatchObject({ id: 'm7', position: 7, status: 'published', revision: 3 })
    expect(draft.module.lessons.map((lesson) => lesson.id)).toEqual(['m7-l1', 'm7-l2'])
    expect(ModuleContentSchema.parse(draft.module)).toEqual(draft.module)
    const missing = await ada.get(`${COURSE}/modules/no-such-module`)
    expect(missing.status).toBe(404)
    expect(missing.json.error).toEqual({ code: 'NOT_FOUND', message: 'Module not found' })
  })

  it('saves a module as a new revision that learners do not see until it is published', async () => {
    const saved = await editModule(ada, 'm2', (module) => ({ ...module, introduction: 'A **new** introduction.' }))
    expect(saved).toMatchObject({ id: 'm2', revision: 4, status: 'changed', updatedByName: 'Ada Admin' })
    expect(saved.module.introduction).toBe('A **new** introduction.')
    expect((await draftCourse(ada)).hasChanges).toBe(true)
    const seen = await learner.get('/api/course/modules/2')
    expect(seen.json.introduction.html).not.toContain('new')
    expect(seen.json.version).toBe(3)
  })

  it('refuses a module that fails the schema with every problem named, and writes nothing', async () => {
    const before = await draftRow('m4')
    const { json: draft } = await ada.get(`${COURSE}/modules/m4`)
    const response = await ada.put(`${COURSE}/modules/m4`, {
      baseRevision: draft.revision,
      module: { ...draft.module, title: '', lessons: [] },
    })
    expect(response.status).toBe(400)
    expect(response.json.error.code).toBe('VALIDATION_FAILED')
    expect(response.json.error.issues).toEqual([
      { path: 'module.title', message: 'Title is required' },
      { path: 'module.lessons', message: 'A module needs at least one lesson' },
    ])
    expect(await draftRow('m4')).toEqual(before)
  })
})

describe('two admins editing the same module', () => {
  it('refuses the stale save with who saved first and when, and writes nothing of it', async () => {
    const { json: adaCopy } = await ada.get(`${COURSE}/modules/m3`)
    const { json: boCopy } = await bo.get(`${COURSE}/modules/m3`)
    await editModule(ada, 'm3', (module) => ({ ...module, proTips: [...module.proTips, 'Ada’s tip'] }))
    const savedByAda = await draftRow('m3')

    const stale = await bo.put(`${COURSE}/modules/m3`, {
      baseRevision: boCopy.revision,
      module: { ...boCopy.module, proTips: [...boCopy.module.proTips, 'Bo’s tip'] },
    })
    expect(stale.status).toBe(409)
    const at = savedByAda!.updatedAt.toISOString()
    expect(stale.json.error).toEqual({
      code: 'CONFLICT',
      message: `This module was changed by Ada Admin at ${at.slice(11, 16)} UTC — reload to see their changes.`,
      changedBy: 'Ada Admin',
      changedAt: at,
    })
    // Ada's save is what the draft holds; nothing of Bo's was written.
    expect(await draftRow('m3')).toEqual(savedByAda)
    expect(adaCopy.revision).toBe(boCopy.revision)

    // Bo reloads and saves again on top of Ada's.
    const merged = await editModule(bo, 'm3', (module) => ({ ...module, proTips: [...module.proTips, 'Bo’s tip'] }))
    expect(merged.module.proTips.slice(-2)).toEqual(['Ada’s tip', 'Bo’s tip'])
    expect(merged.revision).toBe(savedByAda!.revision + 1)
  })

  it('lets exactly one of two saves of the same revision at the same moment through', async () => {
    const { json: draft } = await ada.get(`${COURSE}/modules/m5`)
    const [first, second] = await Promise.all(
      [ada, bo].map((client, i) =>
        client.put(`${COURSE}/modules/m5`, { baseRevision: draft.revision, module: { ...draft.module, minutes: 20 + i } }),
      ),
    )
    expect([first!.status, second!.status].sort()).toEqual([200, 409])
    expect((await draftRow('m5'))!.revision).toBe(draft.revision + 1)
  })

  it('tells an admin who saved from another tab that it was them', async () => {
    const { json: draft } = await ada.get(`${COURSE}/modules/m6`)
    await editModule(ada, 'm6', (module) => ({ ...module, minutes: 9 }))
    const stale = await ada.put(`${COURSE}/modules/m6`, { baseRevision: draft.revision, module: draft.module })
    expect(stale.status).toBe(409)
    expect(stale.json.error.message).toMatch(/^This module was changed by you at \d\d:\d\d UTC — reload to see the saved version\.$/)
    expect(stale.json.error.changedBy).toBe('Ada Admin')
  })
})

describe('adding, removing and moving modules', () => {
  it('adds a module at the end that passes the schema as it is, new until published', async () => {
    const added = await addModule(ada, 'Referral Partners and the Long Title That Goes On')
    expect(added).toMatchObject({ position: 9, status: 'new', revision: 1, updatedByName: 'Ada Admin' })
    expect(added.module.title).toBe('Referral Partners and the Long Title That Goes On')
    expect(added.module.navLabel).toBe('Referral Partners and the Long Title')
    expect(ModuleContentSchema.parse(added.module)).toEqual(added.module)
    expect((await learner.get('/api/course')).json.modules).toHaveLength(8)
  })

  it('deletes a module that was never published outright, and marks a published one removed', async () => {
    const added = await addModule(ada, 'Short-lived')
    const afterDelete = await ada.delete(`${COURSE}/modules/${added.id}`)
    expect(afterDelete.status).toBe(200)
    expect(afterDelete.json.modules.map((m: { id: string }) => m.id)).not.toContain(added.id)
    expect(await draftRow(added.id)).toBeUndefined()

    const removed = await ada.delete(`${COURSE}/modules/m8`)
    expect(removed.json.modules.at(-1)).toMatchObject({ id: 'm8', status: 'removed' })
    expect((await draftRow('m8'))!.isRemoved).toBe(true)
    // Learners still have it until the next publish.
    expect((await learner.get('/api/course')).json.modules.map((m: { id: string }) => m.id)).toContain('m8')

    const restored = await ada.post(`${COURSE}/modules/m8/restore`)
    expect(restored.status).toBe(200)
    expect(restored.json.modules.find((m: { id: string }) => m.id === 'm8')).toMatchObject({ status: 'published', position: 8 })
  })

  it('moves modules, and refuses an order that does not name exactly the draft’s modules', async () => {
    const order = draftOrder(await draftCourse(ada))
    const moved = [order[2]!, ...order.filter((_, i) => i !== 2)]
    const course = await reorder(ada, moved)
    expect(draftOrder(course)).toEqual(moved)
    expect(course.modules[0]).toMatchObject({ id: 'm3', position: 1 })

    for (const moduleIds of [moved.slice(1), [...moved, 'm-unknown'], [...moved.slice(1), 'm-unknown']]) {
      const refused = await ada.put(`${COURSE}/order`, { moduleIds })
      expect(refused.status).toBe(409)
      expect(refused.json.error.code).toBe('CONFLICT')
    }
    const twice = await ada.put(`${COURSE}/order`, { moduleIds: [...moved, moved[0]] })
    expect(twice.status).toBe(400)
    expect(twice.json.error.message).toBe('moduleIds names a module twice')
    expect(draftOrder(await draftCourse(ada))).toEqual(moved)
    await reorder(ada, order)
  })
})

describe('preview', () => {
  it('renders the editor’s module as learners would get it, where it sits in the draft, and stores nothing', async () => {
    const before = await snapshotDb(h.db)
    const { json: draft } = await ada.get(`${COURSE}/modules/m4`)
    const response = await ada.post(`${COURSE}/preview`, {
      moduleId: 'm4',
      module: { ...draft.module, introduction: 'See **this** [guide](https://example.com/guide).' },
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      version: 0,
      id: 'm4',
      moduleNumber: 4,
      previous: { id: 'm3' },
      next: { id: 'm5' },
      introduction: {
        html: 'See <strong>this</strong> <a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">guide</a>.',
      },
    })
    expect(await snapshotDb(h.db)).toEqual(before)
    const unknown = await ada.post(`${COURSE}/preview`, { moduleId: 'nope', module: draft.module })
    expect(unknown.status).toBe(404)
  })
})

describe('publishing and the version history', () => {
  it('publishes the draft as version 4: learners see it at once, and the history lists it', async () => {
    const version = await publish(ada, 'New introduction for module 2')
    expect(version).toBe(4)
    expect(h.courseStore.current().version).toBe(4)
    const seen = await learner.get('/api/course/modules/2')
    expect(seen.json).toMatchObject({ version: 4, introduction: { html: 'A <strong>new</strong> introduction.' } })
    const course = await draftCourse(ada)
    expect(course).toMatchObject({ liveVersion: 4, hasChanges: false })
    expect(course.modules.every((module) => module.status === 'published')).toBe(true)

    const history = await ada.get(`${COURSE}/versions`)
    expect(history.status).toBe(200)
    expect(history.json).toMatchObject({ total: 4, page: 1, pageCount: 1 })
    expect(history.json.versions).toEqual([
      {
        version: 4,
        note: 'New introduction for module 2',
        publishedAt: expect.any(String),
        publishedByName: 'Ada Admin',
        restoredFrom: null,
        moduleCount: 9,
        isLive: true,
      },
      expect.objectContaining({ version: 3, note: 'Guides edited for a busy broker', publishedByName: 'Seed', moduleCount: 8, isLive: false }),
      expect.objectContaining({ version: 2, note: 'Knowledge checks and deeper guides', publishedByName: 'Seed', moduleCount: 8, isLive: false }),
      expect.objectContaining({ version: 1, publishedByName: 'Seed', moduleCount: 8, isLive: false }),
    ])
  })

  it('refuses to publish a draft that is the published course', async () => {
    const response = await ada.post(`${COURSE}/publish`, { note: 'Again' })
    expect(response.status).toBe(409)
    expect(response.json.error).toEqual({
      code: 'CONFLICT',
      message: 'Nothing to publish: the draft is the same as the published course.',
    })
  })

  it('restores version 1 into the draft, then publishes it as version 5, restored from 1', async () => {
    const restored = await ada.post(`${COURSE}/versions/1/restore`)
    expect(restored.status).toBe(200)
    expect(restored.json.hasChanges).toBe(true)
    expect(draftOrder(restored.json)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'])
    // The module version 1 did not have stays in the draft, removed.
    expect(restored.json.modules.at(-1)).toMatchObject({ status: 'removed', position: 9 })
    expect(restored.json.modules.find((m: { id: string }) => m.id === 'm2').status).toBe('changed')

    expect(await publish(ada, 'Back to the first course')).toBe(5)
    const [row] = await h.db.select().from(courseVersion).where(eq(courseVersion.version, 5))
    expect(row!.restoredFrom).toBe(1)
    const seen = await learner.get('/api/course/modules/2')
    expect(seen.json.version).toBe(5)
    expect(seen.json.introduction.html).not.toContain('new')
    expect((await learner.get('/api/course')).json.modules).toHaveLength(8)
  })

  it('answers 404 for a version it does not have, and 400 for what is not a version number', async () => {
    expect((await ada.post(`${COURSE}/versions/99/restore`)).json.error).toEqual({ code: 'NOT_FOUND', message: 'Version not found' })
    expect((await ada.post(`${COURSE}/versions/0/restore`)).status).toBe(400)
    expect((await ada.get(`${COURSE}/versions?page=0`)).status).toBe(400)
  })

  it('refuses to publish a course without modules, with the schema’s message', async () => {
    const ids = draftOrder(await draftCourse(ada))
    for (const id of ids) expect((await ada.delete(`${COURSE}/modules/${id}`)).status).toBe(200)
    const response = await ada.post(`${COURSE}/publish`, { note: 'Nothing left' })
    expect(response.status).toBe(400)
    expect(response.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The course needs at least one module' })
    expect(h.courseStore.current().version).toBe(5)
    for (const id of ids) expect((await ada.post(`${COURSE}/modules/${id}/restore`)).status).toBe(200)
    expect((await draftCourse(ada)).hasChanges).toBe(false)
  })
})
