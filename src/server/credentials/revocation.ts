import { sql, type SQL } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { certificate } from '../db/schema'

type CertificateChanges = Partial<typeof certificate.$inferInsert>

/**
 * Revokes the certificates `where` selects, the one way both deleting an account and an admin's
 * course reset do it (docs/decisions/0091-open-badges-credential.md, 0095-admin-course-reset.md):
 * `revoked_at` turns the certificate's status-list bit on and its verify page to "revoked", and the
 * signed credential goes, so it is never handed out again. `also` is what else the caller changes.
 */
export async function revokeCertificates(tx: Tx, where: SQL | undefined, also: CertificateChanges = {}) {
  return tx
    .update(certificate)
    .set({ ...also, credential: null, revokedAt: sql`now()` })
    .where(where)
    .returning({ id: certificate.id })
}
