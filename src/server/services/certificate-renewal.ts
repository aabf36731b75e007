import { and, eq, gte, inArray } from 'drizzle-orm'
import type { CertificatePolicy, CertificateRenewal } from '../../shared/course/api-types'
import { formatCertificateDate } from '../../shared/course/dates'
import type { CertificatePolicyInput } from '../../shared/schemas/certificate-policy'
import { newCertificateId, recipientName, type CertificateRecord, type Recipient } from '../certificates/certificate'
import type { LiveCourse } from '../course/course-store'
import type { Db } from '../db/client'
import { certificate, certificatePolicy, quizAttempt } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'

// Certificates that expire, and their renewal by passing the knowledge checks again
// (docs/decisions/0094-certificate-renewal.md).

/** How long before expiry a learner may renew, and is reminded to. */
export const RENEWAL_WINDOW_DAYS = 30
const DAY_MS = 86_400_000

/** A certificate that does not expire. */
export const NO_RENEWAL: CertificateRenewal = { expiresAt: null, isExpired: false, opensAt: null, isOpen: false, modulesToPass: [] }

export const renewalOpensAt = (expiresAt: Date) => new Date(expiresAt.getTime() - RENEWAL_WINDOW_DAYS * DAY_MS)

export async function readCertificatePolicy(db: Pick<Db, 'select'>): Promise<CertificatePolicy> {
  const [row] = await db.select({ validMonths: certificatePolicy.validMonths }).from(certificatePolicy).where(eq(certificatePolicy.id, 1))
  return { validMonths: row?.validMonths ?? null }
}

/** Applies to certificates issued from now on: an issued certificate keeps the expiry it was given. */
export async function saveCertificatePolicy(db: Db, input: CertificatePolicyInput, audit: AuditContext): Promise<CertificatePolicy> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ validMonths: certificatePolicy.validMonths }).from(certificatePolicy).where(eq(certificatePolicy.id, 1)).for('update')
    await tx.update(certificatePolicy).set({ validMonths: input.validMonths, updatedAt: new Date() }).where(eq(certificatePolicy.id, 1))
    const months = (value: number | null | undefined) => (value ? `${value} months` : 'never expires')
    await recordAudit(tx, audit, {
      action: 'certificate_policy_changed',
      target: null,
      detail: { validFrom: months(before?.validMonths), validTo: months(input.validMonths) },
    })
    return { validMonths: input.validMonths }
  })
}

/** The modules whose knowledge check a renewal asks the learner to pass again, in course order. */
const modulesWithChecks = (course: LiveCourse) =>
  course.document.modules.flatMap((module, index) => (module.knowledgeCheck ? [{ id: module.id, moduleNumber: index + 1 }] : []))

/** Where the learner's current certificate stands: its expiry, and what renewing it still needs. */
export async function certificateRenewal(db: Pick<Db, 'select'>, course: LiveCourse, row: CertificateRecord, now = new Date()): Promise<CertificateRenewal> {
  if (!row.expiresAt) return NO_RENEWAL
  const opensAt = renewalOpensAt(row.expiresAt)
  const isOpen = now >= opensAt
  const checks = modulesWithChecks(course)
  const passed = isOpen && checks.length > 0 ? await passedSince(db, row.userId!, checks.map((check) => check.id), opensAt) : new Set<string>()
  return {
    expiresAt: row.expiresAt.toISOString(),
    isExpired: now >= row.expiresAt,
    opensAt: opensAt.toISOString(),
    isOpen,
    modulesToPass: isOpen ? checks.filter((check) => !passed.has(check.id)).map((check) => check.moduleNumber) : [],
  }
}

async function passedSince(db: Pick<Db, 'select'>, userId: string, moduleIds: string[], since: Date): Promise<Set<string>> {
  const rows = await db
    .select({ moduleId: quizAttempt.moduleId })
    .from(quizAttempt)
    .where(and(eq(quizAttempt.userId, userId), inArray(quizAttempt.moduleId, moduleIds), eq(quizAttempt.passed, true), gte(quizAttempt.createdAt, since)))
  return new Set(rows.map((row) => row.moduleId))
}

export const renewalNotOpenMessage = (opensAt: Date) => `You can renew your certificate from ${formatCertificateDate(opensAt)}.`
export const NOTHING_TO_RENEW_MESSAGE = 'Your certificate does not expire: there is nothing to renew.'
export const passAgainMessage = (modules: number[]) =>
  `Pass the knowledge ${modules.length === 1 ? 'check' : 'checks'} of ${modules.length === 1 ? 'module' : 'modules'} ${modules.join(', ')} again to renew your certificate.`

/**
 * Issues the learner a new certificate in place of their current one, which stays verifiable as
 * replaced: it leaves the learner's `user_id` (kept as `former_user_id`), so the new one is their
 * one current certificate. The new expiry comes from the policy now (the database's trigger).
 */
export async function renewCertificate(
  db: Db,
  course: LiveCourse,
  recipient: Recipient,
  current: CertificateRecord,
  audit: AuditContext,
  now = new Date(),
): Promise<CertificateRecord> {
  const renewal = await certificateRenewal(db, course, current, now)
  if (!renewal.expiresAt) throw new AppError('CONFLICT', NOTHING_TO_RENEW_MESSAGE)
  if (!renewal.isOpen) throw new AppError('CONFLICT', renewalNotOpenMessage(new Date(renewal.opensAt!)))
  if (renewal.modulesToPass.length > 0) throw new AppError('CONFLICT', passAgainMessage(renewal.modulesToPass))
  return db.transaction(async (tx) => {
    const id = newCertificateId()
    const [replaced] = await tx
      .update(certificate)
      .set({ userId: null, formerUserId: recipient.id, replacedBy: id })
      .where(and(eq(certificate.id, current.id), eq(certificate.userId, recipient.id)))
      .returning({ id: certificate.id })
    // A second renewal racing this one found the same certificate current; it already replaced it.
    if (!replaced) throw new AppError('CONFLICT', 'Your certificate was renewed a moment ago. Reload the page to see it.')
    const [issued] = await tx
      .insert(certificate)
      .values({ id, userId: recipient.id, recipientName: recipientName(recipient), completedAt: now, issuedAt: now, moduleCount: course.document.modules.length })
      .returning()
    await recordAudit(tx, audit, { action: 'certificate_renewed', target: { id: recipient.id, email: recipient.email }, detail: { certificateFrom: current.id, certificateTo: id } })
    return issued!
  })
}
