import { and, eq, isNull } from 'drizzle-orm'
import type { Course } from '../../shared/course/schema'
import type { CertificateRecord } from '../certificates/certificate'
import type { Db } from '../db/client'
import { certificate, user } from '../db/schema'
import type { Env } from '../env'
import { openBadgeCredential, signCredential } from './open-badge'

type CredentialEnv = Pick<Env, 'publicUrl' | 'site' | 'absoluteUrl'>

/**
 * The certificate's signed credential: made on its first request (the learner's download or a
 * verifier's) and kept, so every copy is the same document. A revoked certificate's account was
 * deleted with its personal data, so it has none (docs/decisions/0091-open-badges-credential.md).
 */
export async function certificateCredential(
  db: Db,
  env: CredentialEnv,
  modules: Course['modules'],
  row: CertificateRecord,
): Promise<Record<string, unknown> | undefined> {
  if (row.credential) return row.credential
  if (row.revokedAt || !row.userId || row.recipientName === null) return undefined
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, row.userId)).limit(1)
  if (!owner) return undefined
  const signed = await signCredential(
    db,
    env,
    openBadgeCredential(
      {
        certificateId: row.id,
        recipientName: row.recipientName,
        email: owner.email,
        completedAt: row.completedAt,
        statusIndex: row.statusIndex,
        modules: modules.slice(0, row.moduleCount),
      },
      env,
    ),
  )
  // Two first requests at once: the first one saved is the certificate's credential.
  const [saved] = await db
    .update(certificate)
    .set({ credential: signed })
    .where(and(eq(certificate.id, row.id), isNull(certificate.credential), isNull(certificate.revokedAt)))
    .returning({ credential: certificate.credential })
  if (saved) return saved.credential!
  const [again] = await db.select({ credential: certificate.credential }).from(certificate).where(eq(certificate.id, row.id))
  return again?.credential ?? undefined
}
