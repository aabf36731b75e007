import { eq, sql } from 'drizzle-orm'
import { MODULE_NOT_FOUND_MESSAGE } from '../../shared/messages'
import type { Tx } from '../db/client'
import { courseModuleDraft } from '../db/schema'
import { AppError } from '../errors'
import { editorName, type Editor } from './course-draft-messages'

// How the course studio's changes to the draft wait for each other (services/course-draft.ts).

export type DraftRow = typeof courseModuleDraft.$inferSelect

/**
 * Adding, removing, restoring and reordering modules, and restoring a version, each read the
 * list and then change it: one at a time, so two admins doing so at once cannot both act on the
 * list they read. A save of one module waits for them too, for the moment it takes.
 */
export const lockDraftList = (tx: Tx) => tx.execute(sql`lock table ${courseModuleDraft} in share row exclusive mode`)

/** One draft module's row, with the list locked: 404 when the draft has no such module. */
export async function lockedRow(tx: Tx, id: string): Promise<DraftRow> {
  await lockDraftList(tx)
  const [row] = await tx.select().from(courseModuleDraft).where(eq(courseModuleDraft.id, id))
  if (!row) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND_MESSAGE)
  return row
}

/** A change to one module's place in the list: its revision goes up, so an editor still holding the old one is told. */
export const touched = (editor: Editor, now: Date) => ({
  revision: sql`${courseModuleDraft.revision} + 1`,
  updatedAt: now,
  updatedBy: editor.id,
  updatedByName: editorName(editor),
})
