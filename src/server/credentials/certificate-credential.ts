import { createHmac } from 'node:crypto'
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm'
import type { Course } from '../../shared/course/schema'
import type { CertificateRecord } from '../certificates/certificate'
import type { Db } from '../db/client'
import { certificate, user } from '../db/schema'
import type { Env } from '../env'
import { currentCredentialKey } from './signing-key'

type CredentialEnv = Pick<Env, 'publicUrl' | 'site' | 'absoluteUrl'>

/** Signs the certificate's credential now; undefined where it has none (a revoked one, a deleted account). */
async function signedCredential(db: Db, env: CredentialEnv, modules: Course['modules'], row: CertificateRecord) {
  // A renewed certificate is no longer the learner's current one, but it is still theirs.
  const ownerId = row.userId ?? row.formerUserId
  if (row.revokedAt || !ownerId || row.recipientName === null) return undefined
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, ownerId)).limit(1)
  if (!owner) return undefined
  // The same document at every request until the key rotates: the e-mail's salt derived from the
  // key and the certificate, the proof dated at the issue (Ed25519 and RDF canonicalisation are
  // deterministic).
  const key = await currentCredentialKey(db)
  const salt = createHmac('sha256', key.secretKeyMultibase).update(row.id).digest('hex').slice(0, 32)
  // Loaded on the first signature: the signing libraries and their contexts are held by the
  // heap for good once loaded (docs/decisions/0103-rarely-used-libraries-load-on-first-use.md).
  const { openBadgeCredential, signCredential } = await import('./open-badge')
  return signCredential(
    db,
    env,
    openBadgeCredential(
      {
        certificateId: row.id,
        recipientName: row.recipientName,
        email: owner.email,
        completedAt: row.completedAt,
        expiresAt: row.expiresAt,
        statusIndex: row.statusIndex,
        modules: modules.slice(0, row.moduleCount),
      },
      env,
      salt,
    ),
    row.issuedAt,
  )
}

/**
 * The certificate's signed credential, as a request reads it: the one kept on the certificate, or,
 * until the queue's `credentials-keep` job has kept one (within a minute of the issue), the same
 * document signed for this answer. A request never writes (the CSRF suite's rule for every GET)
 * (docs/decisions/0091-open-badges-credential.md).
 */
export async function certificateCredential(
  db: Db,
  env: CredentialEnv,
  modules: Course['modules'],
  row: CertificateRecord,
): Promise<Record<string, unknown> | undefined> {
  if (row.credential) return row.credential
  return signedCredential(db, env, modules, row)
}

/**
 * Signs and keeps the credential of the certificate, so every later copy is the same document;
 * answers the kept one. A revoked certificate has none: its account was deleted with its personal
 * data, or an admin reset the learner's course (decision 0095).
 */
export async function keepCertificateCredential(
  db: Db,
  env: CredentialEnv,
  modules: Course['modules'],
  row: CertificateRecord,
): Promise<Record<string, unknown> | undefined> {
  if (row.credential) return row.credential
  const signed = await signedCredential(db, env, modules, row)
  if (!signed) return undefined
  // Two at once: the first one saved is the certificate's credential.
  const [saved] = await db
    .update(certificate)
    .set({ credential: signed })
    .where(and(eq(certificate.id, row.id), isNull(certificate.credential), isNull(certificate.revokedAt)))
    .returning({ credential: certificate.credential })
  if (saved) return saved.credential!
  const [again] = await db.select({ credential: certificate.credential }).from(certificate).where(eq(certificate.id, row.id))
  return again?.credential ?? undefined
}

/**
 * The queue's `credentials-keep` job: keeps the credential of each certificate that has none yet,
 * up to `limit`, and signs no more once `budgetMs` has passed (one at least): a backlog, such as
 * every certificate of an upgraded portal, goes a slice a minute rather than in one burst of
 * signatures (docs/decisions/0105-journeys-scan-in-one-pass-and-jobs-in-slices.md). Answers how
 * many it kept.
 */
export async function keepMissingCredentials(
  db: Db,
  env: CredentialEnv,
  modules: Course['modules'],
  { limit = 100, budgetMs = Infinity }: { limit?: number; budgetMs?: number } = {},
): Promise<number> {
  const started = performance.now()
  const rows = await db
    .select()
    .from(certificate)
    .where(and(isNull(certificate.credential), isNull(certificate.revokedAt), or(isNotNull(certificate.userId), isNotNull(certificate.formerUserId))))
    .orderBy(certificate.issuedAt)
    .limit(limit)
  let kept = 0
  for (const [index, row] of rows.entries()) {
    if (index > 0 && performance.now() - started >= budgetMs) break
    if (await keepCertificateCredential(db, env, modules, row)) kept += 1
  }
  return kept
}
