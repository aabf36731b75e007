import { isDeepStrictEqual } from 'node:util'
import { desc, sql } from 'drizzle-orm'
import type { PublishedVersion } from '../../shared/course/admin-api-types'
import { CourseSchema } from '../../shared/course/schema'
import type { Db } from '../db/client'
import { courseVersion } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from '../services/audit-log'
import { holdProgressWrites, recountForCourse } from '../services/progress-recount'
import { validationError } from '../validation'
import { readDraftDocument } from '../services/course-draft'
import { editorName, type Editor } from '../services/course-draft-messages'
import type { CourseStore } from './course-store'
import { readLiveVersion } from './course-versions'
import { COURSE_PUBLISHED_CHANNEL } from './publish-listener'

export const NOTHING_TO_PUBLISH_MESSAGE = 'Nothing to publish: the draft is the same as the published course.'

/**
 * `POST /api/admin/course/publish`: the whole draft becomes the next version, in one transaction
 * (docs/decisions/0036-course-changes-and-progress.md):
 * 1. progress writes held back (module_progress in share mode), then one publish at a time (the
 *    version table locked against writers, not readers), so each takes the next number. In that
 *    order: deleting a user writes progress rows and then its cascade touches the version table,
 *    so the other order could leave a publish and a deletion each waiting for the other;
 * 2. the draft, checked whole by the course schema;
 * 3. the new version row;
 * 4. every learner's module count against the new course, and a certificate for each learner the
 *    change completes (the progress service);
 * 5. the audit entry;
 * 6. `pg_notify`, which PostgreSQL delivers to the other processes when the transaction commits.
 * Then this process serves the new version: its readers see the old version or the new one, whole.
 */
export async function publishDraft(
  db: Db,
  store: CourseStore,
  editor: Editor,
  note: string,
  audit: AuditContext,
  now = new Date(),
): Promise<PublishedVersion> {
  const record = await db.transaction(async (tx) => {
    await holdProgressWrites(tx)
    await tx.execute(sql`lock table ${courseVersion} in exclusive mode`)
    const live = await readLiveVersion(tx)
    const parsed = CourseSchema.safeParse(await readDraftDocument(tx))
    if (!parsed.success) throw validationError(parsed.error)
    const course = parsed.data
    if (isDeepStrictEqual(course, live.document)) throw new AppError('CONFLICT', NOTHING_TO_PUBLISH_MESSAGE)
    // A draft restored from a version and published unchanged says so in the history.
    const [same] = await tx
      .select({ version: courseVersion.version })
      .from(courseVersion)
      .where(sql`${courseVersion.document} = ${JSON.stringify(course)}::jsonb`)
      .orderBy(desc(courseVersion.version))
      .limit(1)
    const moduleIds = course.modules.map((module) => module.id)
    const [inserted] = await tx
      .insert(courseVersion)
      .values({
        version: live.version + 1,
        document: course,
        moduleIds,
        note,
        publishedAt: now,
        publishedBy: editor.id,
        publishedByName: editorName(editor),
        restoredFrom: same?.version ?? null,
      })
      .returning()
    await recountForCourse(tx, moduleIds, now)
    await recordAudit(tx, audit, { action: 'course_published', target: null, detail: { version: inserted!.version } })
    await tx.execute(sql`select pg_notify(${COURSE_PUBLISHED_CHANNEL}, ${String(inserted!.version)})`)
    return inserted!
  })
  store.takeUp(record)
  return { version: record.version, publishedAt: record.publishedAt.toISOString() }
}
