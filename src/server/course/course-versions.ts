import { count, desc, eq, max } from 'drizzle-orm'
import type { CourseVersionPage } from '../../shared/course/admin-api-types'
import { toPage } from '../../shared/paging'
import { COURSE_VERSIONS_PAGE_SIZE } from '../../shared/schemas/course'
import type { Db } from '../db/client'
import { courseVersion } from '../db/schema'

type Reader = Pick<Db, 'select'>

export type CourseVersionRecord = typeof courseVersion.$inferSelect

/** The live course: the highest version. The seed migration installs version 1, so there always is one. */
export async function readLiveVersion(db: Reader): Promise<CourseVersionRecord> {
  const [row] = await db.select().from(courseVersion).orderBy(desc(courseVersion.version)).limit(1)
  if (!row) throw new Error('The database holds no published course: its migrations did not run to the end.')
  return row
}

export async function readVersion(db: Reader, version: number): Promise<CourseVersionRecord | undefined> {
  const [row] = await db.select().from(courseVersion).where(eq(courseVersion.version, version)).limit(1)
  return row
}

/** The version history, newest first, without the documents. */
export async function listVersions(db: Reader, page: number): Promise<CourseVersionPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        version: courseVersion.version,
        note: courseVersion.note,
        publishedAt: courseVersion.publishedAt,
        publishedByName: courseVersion.publishedByName,
        restoredFrom: courseVersion.restoredFrom,
        moduleIds: courseVersion.moduleIds,
      })
      .from(courseVersion)
      .orderBy(desc(courseVersion.version))
      .limit(COURSE_VERSIONS_PAGE_SIZE)
      .offset((page - 1) * COURSE_VERSIONS_PAGE_SIZE),
    db.select({ total: count(), live: max(courseVersion.version) }).from(courseVersion),
  ])
  const live = Number(counted?.live ?? 0)
  return {
    versions: rows.map((row) => ({
      version: row.version,
      note: row.note,
      publishedAt: row.publishedAt.toISOString(),
      publishedByName: row.publishedByName,
      restoredFrom: row.restoredFrom,
      moduleCount: row.moduleIds.length,
      isLive: row.version === live,
    })),
    ...toPage(Number(counted?.total ?? 0), page, COURSE_VERSIONS_PAGE_SIZE),
  }
}
