import { eq, sql } from 'drizzle-orm'
import type { CourseReset } from '../../shared/api-types'
import { PROGRESS, writesOfOneLearner } from '../cache/coherent-cache'
import { revokeCertificates } from '../credentials/revocation'
import type { Db } from '../db/client'
import { certificate, lessonWatch, moduleProgress, quizAttempt, user, watchClock } from '../db/schema'
import { AppError } from '../errors'
import { getAdminUser, USER_NOT_FOUND_MESSAGE } from './admin-users'
import { recordAudit, type AuditContext } from './audit-log'
import { lockLearner } from './progress-recount'

/**
 * An admin's "Reset Course" for one learner (docs/decisions/0095-admin-course-reset.md): the
 * course starts again from nothing, in one transaction: progress, video positions and knowledge
 * check attempts go, and the certificate is revoked (its status bit goes on, its verify page says
 * so) and stops being the learner's current one, so completing again issues a new one. Unlike the
 * learner's own reset, which keeps the certificate valid.
 */
export async function resetLearnerCourse(db: Db, learnerId: string, audit: AuditContext): Promise<CourseReset> {
  return writesOfOneLearner(db, learnerId, PROGRESS, () =>
    db.transaction(async (tx) => {
      const [learner] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, learnerId))
      if (!learner) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE)
      await lockLearner(tx, learner.id)
      await tx.delete(moduleProgress).where(eq(moduleProgress.userId, learner.id))
      await tx.delete(lessonWatch).where(eq(lessonWatch.userId, learner.id))
      // A report read before this reset must not write its ranges back (services/watch.ts).
      await tx.update(watchClock).set({ reports: sql`${watchClock.reports} + 1` }).where(eq(watchClock.userId, learner.id))
      await tx.delete(quizAttempt).where(eq(quizAttempt.userId, learner.id))
      await tx.update(user).set({ completedModules: 0 }).where(eq(user.id, learner.id))
      // Off the learner's current slot (user_id), kept theirs as former, so completing again issues a new one.
      const [revoked] = await revokeCertificates(tx, eq(certificate.userId, learner.id), {
        formerUserId: learner.id,
        userId: null,
      })
      await recordAudit(tx, audit, {
        action: 'course_reset',
        target: learner,
        ...(revoked ? { detail: { certificateFrom: revoked.id } } : {}),
      })
      return { user: await getAdminUser(tx, learner.id), revokedCertificateId: revoked?.id ?? null }
    }),
  )
}
