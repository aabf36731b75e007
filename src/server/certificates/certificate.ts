import { randomFillSync } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CertificateRenewal, CertificateResponse, CertificateVerification } from '../../shared/course/api-types'
import { paths } from '../../shared/paths'
import { CERTIFICATE_ID_PATTERN } from '../../shared/schemas/progress'
import type { Db } from '../db/client'
import { certificate } from '../db/schema'
import type { Env } from '../env'
import { AppError } from '../errors'

/** The learner a certificate is issued to, as the session knows them. */
export type Recipient = { id: string; email: string; name: string }

export type CertificateRecord = typeof certificate.$inferSelect

type Reader = Pick<Db, 'select'>

// Crockford's base32: no I, L, O or U, so an id read aloud or typed by hand is unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

const SYMBOLS = 20
const GROUP = 5
// Every completion toggle draws an id, in case it completes the course: one system call per 128
// ids instead of one each, as Node's randomUUID buffers its bytes (docs/performance.md, figure 2).
const randomPool = Buffer.alloc(SYMBOLS * 128)
let poolOffset = randomPool.length

/** 'SWS-7K3QD-…': 20 random symbols, 100 bits, so ids cannot be guessed or enumerated. */
export function newCertificateId(): string {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool)
    poolOffset = 0
  }
  let id = 'SWS'
  for (let index = 0; index < SYMBOLS; index += 1) {
    if (index % GROUP === 0) id += '-'
    // 256 is a multiple of 32: every symbol is equally likely.
    id += ALPHABET[randomPool[poolOffset + index]! % 32]
  }
  poolOffset += SYMBOLS
  return id
}

/** 'all 8 modules': how many the published course has now (docs/decisions/0036-course-changes-and-progress.md). */
const allModules = (moduleCount: number) => (moduleCount === 1 ? 'the module' : `all ${moduleCount} modules`)

export const notEarnedMessage = (moduleCount: number) =>
  `You have not earned a certificate yet. Complete ${allModules(moduleCount)} to receive it.`
export const pdfNotEarnedMessage = (moduleCount: number) => `Complete ${allModules(moduleCount)} to download your certificate.`
export const credentialNotEarnedMessage = (moduleCount: number) => `Complete ${allModules(moduleCount)} to download your credential.`
export const CERTIFICATE_NOT_FOUND_MESSAGE = 'Certificate not found'

/** The name printed on the certificate: the learner's full name, or their e-mail when they gave none. */
export const recipientName = (recipient: Recipient): string => recipient.name.trim() || recipient.email

export async function findLearnerCertificate(db: Reader, userId: string): Promise<CertificateRecord | undefined> {
  const [row] = await db.select().from(certificate).where(eq(certificate.userId, userId)).limit(1)
  return row
}

export function toCertificateResponse(row: CertificateRecord, renewal: CertificateRenewal, env: Pick<Env, 'site' | 'absoluteUrl'>): CertificateResponse {
  return {
    id: row.id,
    // Only a deleted account's certificate has no name, and nobody is signed in to it.
    recipientName: row.recipientName ?? '',
    courseName: env.site.courseName,
    tagline: env.site.tagline,
    completedAt: row.completedAt.toISOString(),
    moduleCount: row.moduleCount,
    verifyUrl: env.absoluteUrl(paths.verify(row.id)),
    renewal,
  }
}

/**
 * The public check behind `/verify/:id`: a real id gives name, course and date; any other, 404.
 * The certificate of a deleted account still verifies, with no name (null): "issued to a deleted
 * account" (docs/decisions/0037-deleted-accounts-and-certificates.md).
 */
export async function findCertificate(db: Reader, id: string): Promise<CertificateRecord | undefined> {
  const normalized = id.trim().toUpperCase()
  if (!CERTIFICATE_ID_PATTERN.test(normalized)) return undefined
  const [row] = await db.select().from(certificate).where(eq(certificate.id, normalized)).limit(1)
  return row
}

export async function verifyCertificate(
  db: Reader,
  id: string,
  env: Pick<Env, 'site' | 'absoluteUrl'>,
): Promise<CertificateVerification> {
  const row = await findCertificate(db, id)
  if (!row) throw new AppError('NOT_FOUND', CERTIFICATE_NOT_FOUND_MESSAGE)
  const isRevoked = row.revokedAt !== null
  return {
    id: row.id,
    recipientName: row.recipientName,
    courseName: env.site.courseName,
    completedAt: row.completedAt.toISOString(),
    isRevoked,
    credentialUrl: isRevoked ? null : env.absoluteUrl(paths.verifyCredential(row.id)),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    replacedBy: row.replacedBy,
  }
}
