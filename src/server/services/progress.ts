import { and, asc, eq, sql } from 'drizzle-orm'
import type { ProgressResponse } from '../../shared/course/api-types'
import { MODULE_COUNT } from '../../shared/course/catalog'
import { summarizeProgress } from '../../shared/course/progress'
import type { Db } from '../db/client'
import { moduleProgress, user } from '../db/schema'
import { recordProgressChange } from './activity'
import { issueCertificate, type Recipient } from './certificates'

type Reader = Pick<Db, 'select'>

const buildProgressQuery = (db: Reader) =>
  db
    .select({ moduleNumber: moduleProgress.moduleNumber, completedAt: moduleProgress.completedAt })
    .from(moduleProgress)
    .where(eq(moduleProgress.userId, sql.placeholder('userId')))
    .orderBy(asc(moduleProgress.moduleNumber))
    .prepare('progress_read')

/**
 * The progress query is built once per database handle, not per request: the dashboard reads
 * it on every visit (figure 1 of docs/performance.md). On PostgreSQL the named statement is also
 * parsed once per connection.
 */
const progressQueries = new WeakMap<Reader, ReturnType<typeof buildProgressQuery>>()

export async function getProgress(db: Reader, userId: string): Promise<ProgressResponse> {
  let query = progressQueries.get(db)
  if (!query) progressQueries.set(db, (query = buildProgressQuery(db)))
  const rows = await query.execute({ userId })
  return {
    ...summarizeProgress(rows.map((row) => row.moduleNumber)),
    modules: rows.map((row) => ({ moduleNumber: row.moduleNumber, completedAt: row.completedAt.toISOString() })),
  }
}

/**
 * Marks one module complete or incomplete; doing it twice changes nothing. The write that
 * completes the eighth module also issues the learner's certificate, in the same transaction.
 */
export async function setModuleCompleted(
  db: Db,
  learner: Recipient,
  moduleNumber: number,
  isCompleted: boolean,
  now = new Date(),
): Promise<ProgressResponse> {
  return db.transaction(async (tx) => {
    // One writer per learner at a time: two modules completed at once still see each other,
    // so finishing the course concurrently cannot skip the certificate.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, learner.id)).for('update')
    if (isCompleted) {
      await tx.insert(moduleProgress).values({ userId: learner.id, moduleNumber, completedAt: now }).onConflictDoNothing()
    } else {
      await tx
        .delete(moduleProgress)
        .where(and(eq(moduleProgress.userId, learner.id), eq(moduleProgress.moduleNumber, moduleNumber)))
    }
    const progress = await getProgress(tx, learner.id)
    await recordProgressChange(tx, learner.id, progress.completedCount, now)
    if (progress.completedCount === MODULE_COUNT) await issueCertificate(tx, learner, now)
    return progress
  })
}

/** Clears every module; an issued certificate stays (and stays verifiable). */
export async function resetProgress(db: Db, userId: string): Promise<ProgressResponse> {
  await db.transaction(async (tx) => {
    await tx.delete(moduleProgress).where(eq(moduleProgress.userId, userId))
    await recordProgressChange(tx, userId, 0)
  })
  return getProgress(db, userId)
}
