import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { and, asc, eq, max, notInArray, sql } from 'drizzle-orm'
import type { DraftCourse, DraftModule, DraftModuleStatus, DraftModuleSummary } from '../../shared/course/admin-api-types'
import type { LearnerModule } from '../../shared/course/api-types'
import { CourseSchema, type Course, type CourseModule, type ModuleContent } from '../../shared/course/schema'
import type { SaveModuleInput } from '../../shared/schemas/course'
import type { Db } from '../db/client'
import { courseModuleDraft } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'
import { validationError } from '../validation'
import { readLiveVersion, readVersion, type CourseVersionRecord } from '../course/course-versions'
import { PREVIEW_VERSION, toLearnerModule } from '../course/learner-view'
import { MODULE_NOT_FOUND_MESSAGE } from '../../shared/messages'
import { lockDraftList, lockedRow, touched, type DraftRow } from './course-draft-locks'
import { editorName, newModuleContent, ORDER_CHANGED_MESSAGE, savedSinceConflict, type Editor } from './course-draft-messages'

// The draft the admins edit, one row per module (docs/decisions/0035-course-content-in-the-database.md).
// Learners never see it: only a publish (course/publish.ts) makes a new version of it.

type Reader = Pick<Db, 'select'>

/** The draft's modules in order, then the removed ones. */
async function readDraftRows(db: Reader): Promise<DraftRow[]> {
  const rows = await db.select().from(courseModuleDraft).orderBy(asc(courseModuleDraft.position), asc(courseModuleDraft.id))
  return [...rows.filter((row) => !row.isRemoved), ...rows.filter((row) => row.isRemoved)]
}

/** What publishing the draft now would make learners see. */
export const draftDocument = (rows: readonly DraftRow[]): Course => ({
  modules: rows.filter((row) => !row.isRemoved).map((row) => ({ id: row.id, ...row.content })),
})

/** The draft, ordered, as the course it would publish; unchecked. */
export const readDraftDocument = async (db: Reader): Promise<Course> => draftDocument(await readDraftRows(db))

function statusOf(row: DraftRow, live: ReadonlyMap<string, CourseModule>): DraftModuleStatus {
  if (row.isRemoved) return 'removed'
  const published = live.get(row.id)
  if (!published) return 'new'
  const { id: _id, ...content } = published
  return isDeepStrictEqual(row.content, content) ? 'published' : 'changed'
}

function summaries(rows: readonly DraftRow[], live: CourseVersionRecord): (DraftModuleSummary & { content: ModuleContent })[] {
  const liveModules = new Map(live.document.modules.map((module) => [module.id, module]))
  return rows.map((row, index) => ({
    id: row.id,
    title: row.content.title,
    position: index + 1,
    status: statusOf(row, liveModules),
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
    content: row.content,
  }))
}

/** `GET /api/admin/course`: every draft module with its status against the live version. */
export async function readDraftCourse(db: Reader): Promise<DraftCourse> {
  const [rows, live] = await Promise.all([readDraftRows(db), readLiveVersion(db)])
  return {
    liveVersion: live.version,
    livePublishedAt: live.publishedAt.toISOString(),
    hasChanges: !isDeepStrictEqual(draftDocument(rows), live.document),
    modules: summaries(rows, live).map(({ content: _content, ...summary }) => summary),
  }
}

/** One draft module, for the editor. */
export async function readDraftModule(db: Reader, id: string): Promise<DraftModule> {
  const [rows, live] = await Promise.all([readDraftRows(db), readLiveVersion(db)])
  const found = summaries(rows, live).find((summary) => summary.id === id)
  if (!found) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND_MESSAGE)
  const { content, ...summary } = found
  return { ...summary, module: content }
}

/** `POST /api/admin/course/modules`: a new module at the end of the draft; learners see it once it is published. */
export async function addDraftModule(db: Db, editor: Editor, title: string, now = new Date()): Promise<DraftModule> {
  const id = randomUUID()
  await db.transaction(async (tx) => {
    await lockDraftList(tx)
    const [last] = await tx.select({ position: max(courseModuleDraft.position) }).from(courseModuleDraft)
    await tx.insert(courseModuleDraft).values({
      id,
      position: (last?.position ?? 0) + 1,
      content: newModuleContent(title),
      updatedAt: now,
      updatedBy: editor.id,
      updatedByName: editorName(editor),
    })
  })
  return readDraftModule(db, id)
}

/**
 * `PUT /api/admin/course/modules/:moduleId`: replaces the module's content if nobody saved it
 * since the revision the editor loaded. One conditional UPDATE, so two saves of the same revision
 * cannot both pass: the second is refused with who saved first and when, and nothing is written.
 */
export async function saveDraftModule(
  db: Db,
  editor: Editor,
  id: string,
  { baseRevision, module }: SaveModuleInput,
  now = new Date(),
): Promise<DraftModule> {
  const saved = await db
    .update(courseModuleDraft)
    .set({
      content: module,
      revision: sql`${courseModuleDraft.revision} + 1`,
      updatedAt: now,
      updatedBy: editor.id,
      updatedByName: editorName(editor),
    })
    .where(and(eq(courseModuleDraft.id, id), eq(courseModuleDraft.revision, baseRevision)))
    .returning({ id: courseModuleDraft.id })
  if (saved.length === 0) {
    const [current] = await db.select().from(courseModuleDraft).where(eq(courseModuleDraft.id, id))
    if (!current) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND_MESSAGE)
    throw savedSinceConflict(current, editor)
  }
  return readDraftModule(db, id)
}

/**
 * `DELETE /api/admin/course/modules/:moduleId`: takes the module out of the draft. A published
 * module stays in the draft, marked removed, and learners see it until the next publish; one that
 * is not in the live version is deleted (a version that had it can still bring it back).
 */
export async function removeDraftModule(db: Db, editor: Editor, id: string, now = new Date()): Promise<DraftCourse> {
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, id)
    const live = await readLiveVersion(tx)
    if (!live.moduleIds.includes(id)) await tx.delete(courseModuleDraft).where(eq(courseModuleDraft.id, id))
    else if (!row.isRemoved) {
      await tx.update(courseModuleDraft).set({ isRemoved: true, ...touched(editor, now) }).where(eq(courseModuleDraft.id, id))
    }
  })
  return readDraftCourse(db)
}

/** `POST /api/admin/course/modules/:moduleId/restore`: puts a removed module back where it was. */
export async function restoreDraftModule(db: Db, editor: Editor, id: string, now = new Date()): Promise<DraftCourse> {
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, id)
    if (row.isRemoved) {
      await tx.update(courseModuleDraft).set({ isRemoved: false, ...touched(editor, now) }).where(eq(courseModuleDraft.id, id))
    }
  })
  return readDraftCourse(db)
}

/**
 * `PUT /api/admin/course/order`: the draft's modules (not the removed ones) in a new order. The
 * list must name exactly the modules the draft has, or someone changed it since the admin loaded
 * it. Modules' revisions stay: moving a module is not an edit of it.
 */
export async function reorderDraft(db: Db, moduleIds: readonly string[]): Promise<DraftCourse> {
  await db.transaction(async (tx) => {
    await lockDraftList(tx)
    const rows = await readDraftRows(tx)
    const current = rows.filter((row) => !row.isRemoved).map((row) => row.id)
    const isSameList = current.length === moduleIds.length && current.every((id) => moduleIds.includes(id))
    if (!isSameList) throw new AppError('CONFLICT', ORDER_CHANGED_MESSAGE)
    const order = [...moduleIds, ...rows.filter((row) => row.isRemoved).map((row) => row.id)]
    await tx.execute(sql`
      update ${courseModuleDraft} set position = ordered.position
      from jsonb_array_elements_text(${JSON.stringify(order)}::jsonb) with ordinality as ordered(id, position)
      where ${courseModuleDraft.id} = ordered.id and ${courseModuleDraft.position} <> ordered.position`)
  })
  return readDraftCourse(db)
}

/**
 * `POST /api/admin/course/versions/:version/restore`: the draft becomes that version. Its modules
 * come back in its order with its content (each module's revision goes up, so open editors are
 * told); draft modules it does not have are marked removed, so nothing is lost. Publishing is a
 * separate step.
 */
export async function restoreVersionToDraft(
  db: Db,
  editor: Editor,
  version: number,
  audit: AuditContext,
  now = new Date(),
): Promise<DraftCourse> {
  await db.transaction(async (tx) => {
    await lockDraftList(tx)
    const record = await readVersion(tx, version)
    if (!record) throw new AppError('NOT_FOUND', 'Version not found')
    const parsed = CourseSchema.safeParse(record.document)
    if (!parsed.success) throw validationError(parsed.error)
    const modules = parsed.data.modules
    await tx
      .insert(courseModuleDraft)
      .values(
        modules.map(({ id, ...content }, index) => ({
          id,
          position: index + 1,
          content,
          updatedAt: now,
          updatedBy: editor.id,
          updatedByName: editorName(editor),
        })),
      )
      .onConflictDoUpdate({
        target: courseModuleDraft.id,
        set: { content: sql`excluded.content`, position: sql`excluded.position`, isRemoved: false, ...touched(editor, now) },
      })
    await tx
      .update(courseModuleDraft)
      .set({ isRemoved: true, position: sql`${modules.length} + ${courseModuleDraft.position}`, ...touched(editor, now) })
      .where(
        notInArray(
          courseModuleDraft.id,
          modules.map((module) => module.id),
        ),
      )
    await recordAudit(tx, audit, { action: 'course_restored', target: null, detail: { version } })
  })
  return readDraftCourse(db)
}

/**
 * `POST /api/admin/course/preview`: the module as the editor holds it, as a learner would get it
 * once published: rendered by the same code, numbered where it sits in the draft, with the draft's
 * neighbours. A removed module is shown as if it were put back, at the end.
 */
export async function previewDraftModule(db: Reader, moduleId: string, module: ModuleContent): Promise<LearnerModule> {
  const rows = (await readDraftRows(db)).filter((row) => !row.isRemoved || row.id === moduleId)
  const index = rows.findIndex((row) => row.id === moduleId)
  if (index === -1) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND_MESSAGE)
  const modules = rows.map((row) => (row.id === moduleId ? { id: row.id, ...module } : { id: row.id, ...row.content }))
  return toLearnerModule(PREVIEW_VERSION, modules, index)
}
