import { asc, desc, eq, or } from 'drizzle-orm'
import type { PersonalDataExport } from '../../shared/api-types'
import { paths } from '../../shared/paths'
import type { Role } from '../../shared/schemas/fields'
import type { SessionUser } from '../auth/session'
import type { LiveCourse } from '../course/course-store'
import { revokeCertificates } from '../credentials/revocation'
import type { Db, Tx } from '../db/client'
import { certificate, moduleProgress, purchaseEvent, session, user, verification } from '../db/schema'
import type { Env } from '../env'
import { AppError } from '../errors'

// A learner's own data, to take away (the Security page's download), and what deleting an
// account erases (docs/decisions/0037-deleted-accounts-and-certificates.md).

export const PERSONAL_DATA_FILE_NAME = 'my-data.json'

/**
 * Everything the portal holds about the signed-in user, read in one transaction so the parts
 * agree: the profile, whether two-factor sign-in is on, the modules completed, the certificate,
 * and the signed-in sessions (when, from where, which browser; never a token). Nothing secret:
 * no password hash, no two-factor key or recovery code. The activity log joins it once it exists.
 */
export async function exportPersonalData(
  db: Db,
  env: Pick<Env, 'site' | 'absoluteUrl'>,
  course: LiveCourse,
  current: Pick<SessionUser, 'id' | 'sessionId'>,
): Promise<PersonalDataExport> {
  const liveModule = (moduleId: string) => course.learnerCatalog.modules.find((module) => module.id === moduleId)
  return db.transaction(async (tx) => {
    const [person] = await tx.select().from(user).where(eq(user.id, current.id)).limit(1)
    if (!person) throw new AppError('NOT_FOUND', 'User not found')
    const progress = await tx
      .select({ moduleId: moduleProgress.moduleId, completedAt: moduleProgress.completedAt })
      .from(moduleProgress)
      .where(eq(moduleProgress.userId, current.id))
      .orderBy(asc(moduleProgress.completedAt))
    const [issued] = await tx.select().from(certificate).where(eq(certificate.userId, current.id)).limit(1)
    const sessions = await tx
      .select({
        id: session.id,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, current.id))
      .orderBy(desc(session.createdAt))
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        id: person.id,
        email: person.email,
        fullName: person.name === '' ? null : person.name,
        role: person.role as Role,
        createdAt: person.createdAt.toISOString(),
        lastActivityAt: person.lastActivityAt?.toISOString() ?? null,
      },
      twoFactor: { isEnabled: person.twoFactorEnabled },
      progress: {
        // A module since removed from the course keeps its row: it has no number or title now.
        completedModules: progress.map((row) => ({
          moduleId: row.moduleId,
          moduleNumber: liveModule(row.moduleId)?.moduleNumber ?? null,
          title: liveModule(row.moduleId)?.title ?? null,
          completedAt: row.completedAt.toISOString(),
        })),
      },
      certificate: issued
        ? {
            id: issued.id,
            recipientName: issued.recipientName,
            courseName: env.site.courseName,
            completedAt: issued.completedAt.toISOString(),
            issuedAt: issued.issuedAt.toISOString(),
            verifyUrl: env.absoluteUrl(paths.verify(issued.id)),
          }
        : null,
      sessions: sessions.map((row) => ({
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
        isCurrent: row.id === current.sessionId,
      })),
    }
  })
}

/**
 * What goes with a deleted account beyond the rows that cascade (sessions, password, progress,
 * two-factor key): the name on their certificate (its id, course and dates stay, so it still
 * verifies, "to a deleted account") and its signed credential, which is revoked: its status bit
 * goes on (docs/decisions/0091-open-badges-credential.md); the e-mail on the marketplace's purchase records of them,
 * and every pending token of theirs (reset links, invitations, a sign-in's code step, trusted
 * devices). Runs in the deletion's transaction, before the user row goes.
 */
export async function erasePersonalData(tx: Tx, userId: string, email: string): Promise<void> {
  await revokeCertificates(tx, or(eq(certificate.userId, userId), eq(certificate.formerUserId, userId)), {
    recipientName: null,
    userId: null,
    formerUserId: null,
  })
  await tx
    .update(purchaseEvent)
    .set({ email: '' })
    .where(or(eq(purchaseEvent.userId, userId), eq(purchaseEvent.email, email)))
  await tx.delete(verification).where(eq(verification.value, userId))
}
