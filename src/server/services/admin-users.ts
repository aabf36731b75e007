import { and, eq, ne, sql } from 'drizzle-orm'
import type { AdminUser, CreatedUser } from '../../shared/api-types'
import type { CreateUserInput, UpdateUserDetailsInput } from '../../shared/schemas/admin'
import type { Role } from '../../shared/schemas/fields'
import type { Db, Tx } from '../db/client'
import { moduleProgress, user } from '../db/schema'
import type { Env } from '../env'
import { AppError } from '../errors'
import type { Mailer } from '../mail/mailer'
import { adminUserColumns, toAdminUser } from './admin-user-list'
import { recordAudit, type AuditContext } from './audit-log'
import { sendLoginDetails } from './login-details'
import { assertNotCommon } from './passwords'
import { erasePersonalData } from './personal-data'
import { resetTwoFactor, SELF_TWO_FACTOR_RESET_MESSAGE } from './two-factor'
import { createUser, EMAIL_TAKEN_MESSAGE, isUniqueViolation } from './users'

export const USER_NOT_FOUND_MESSAGE = 'User not found'
export const LAST_ADMIN_DEMOTE_MESSAGE = "You can't remove the admin role from the last admin. Make another user an admin first."
export const LAST_ADMIN_DELETE_MESSAGE = "You can't delete the last admin. Make another user an admin first."
export const SELF_DELETE_MESSAGE = "You can't delete your own account. Ask another admin to do it."

export async function getAdminUser(db: Db | Tx, id: string): Promise<AdminUser> {
  const [row] = await db
    .select(adminUserColumns)
    .from(user)
    .where(eq(user.id, id))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE)
  return toAdminUser(row)
}

type CreateDeps = { db: Db; mailer: Mailer; env: Pick<Env, 'absoluteUrl' | 'site'> }

/**
 * A new user with a temporary password they must replace at first sign-in; on request their
 * login details are e-mailed (docs/decisions/0010-login-details-email.md). The user exists even
 * if the e-mail fails: the answer says so, and the e-mail is retried with a fresh temporary
 * password (docs/decisions/0086-login-details-retried.md).
 */
export async function createUserAsAdmin(
  { db, mailer, env }: CreateDeps,
  input: CreateUserInput,
  audit: AuditContext,
): Promise<CreatedUser> {
  assertNotCommon(input.temporaryPassword, 'temporaryPassword')
  const profile = await createUser(
    db,
    { email: input.email, fullName: input.fullName, role: input.role, password: input.temporaryPassword, isTemporary: true },
    { context: audit, via: 'admin' },
  )
  const loginDetails: CreatedUser['loginDetails'] = input.sendLoginDetails
    ? await sendLoginDetails({ db, mailer, env }, profile, input.temporaryPassword, 'admin')
    : 'not-requested'
  return { user: await getAdminUser(db, profile.id), loginDetails }
}

/**
 * Edits the e-mail and full name. The e-mail is the sign-in e-mail
 * (docs/decisions/0006-admin-edits-sign-in-email.md): the credential account is keyed by the user
 * id, so the user row is the only place it lives. A taken e-mail is refused before anything is
 * written (in a race, by the unique index), so nothing changes.
 */
export async function updateUserDetails(db: Db, id: string, input: UpdateUserDetailsInput, audit: AuditContext): Promise<AdminUser> {
  const changes: Partial<typeof user.$inferInsert> = { updatedAt: new Date() }
  if (input.email !== undefined) changes.email = input.email
  if (input.fullName !== undefined) changes.name = input.fullName
  if (input.email !== undefined) {
    const [taken] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, input.email), ne(user.id, id)))
      .limit(1)
    if (taken) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE)
  }
  try {
    await db.transaction(async (tx) => {
      // The row as it was, locked, for the entry's old → new e-mail.
      const [before] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, id)).for('update')
      if (!before) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE)
      await tx.update(user).set(changes).where(eq(user.id, id))
      const isEmailChanged = input.email !== undefined && input.email !== before.email
      const isNameChanged = input.fullName !== undefined && input.fullName !== before.name
      if (!isEmailChanged && !isNameChanged) return
      await recordAudit(tx, audit, {
        action: 'user_details_changed',
        target: { id, email: input.email ?? before.email },
        detail: { ...(isEmailChanged ? { emailFrom: before.email, emailTo: input.email } : {}), ...(isNameChanged ? { isNameChanged } : {}) },
      })
    })
  } catch (error) {
    // Two edits to the same e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE)
    throw error
  }
  return getAdminUser(db, id)
}

/**
 * Locks every admin row, then the target, in that order (both callers below do), so two admins
 * demoting or deleting each other at once cannot both pass the last-admin check.
 */
async function lockAdminsAndTarget(tx: Tx, id: string) {
  const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).for('update')
  const [target] = await tx.select({ id: user.id, role: user.role, email: user.email }).from(user).where(eq(user.id, id)).for('update')
  if (!target) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE)
  const isLastAdmin = target.role === 'admin' && admins.every((admin) => admin.id === id)
  return { target, isLastAdmin }
}

/** One transaction, never leaving the portal without an admin (docs/decisions/0007-role-change-and-last-admin.md). */
export async function changeUserRole(db: Db, id: string, role: Role, audit: AuditContext): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const { target, isLastAdmin } = await lockAdminsAndTarget(tx, id)
    if (target.role !== role) {
      if (isLastAdmin) throw new AppError('CONFLICT', LAST_ADMIN_DEMOTE_MESSAGE)
      await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, id))
      await recordAudit(tx, audit, {
        action: 'user_role_changed',
        target: { id, email: target.email },
        detail: { roleFrom: target.role, roleTo: role },
      })
    }
    return getAdminUser(tx, id)
  })
}

/**
 * Removes the user; their sessions, credential, progress and second factor go with them (foreign
 * keys cascade), so an open session stops working on its next request, and the rest of their
 * personal data is erased in the same transaction. An issued certificate stays verifiable, to a
 * deleted account (docs/decisions/0037-deleted-accounts-and-certificates.md).
 * Its audit entry is in the same transaction, and outlives the account.
 */
export async function deleteUser(db: Db, actorId: string, id: string, audit: AuditContext): Promise<void> {
  if (id === actorId) throw new AppError('FORBIDDEN', SELF_DELETE_MESSAGE)
  await db.transaction(async (tx) => {
    // The user's progress rows go with them: the progress table's write lock comes before the
    // user rows, as in every progress write (services/progress-recount.ts), so a publish cannot deadlock with this.
    await tx.execute(sql`lock table ${moduleProgress} in row exclusive mode`)
    const { target, isLastAdmin } = await lockAdminsAndTarget(tx, id)
    if (isLastAdmin) throw new AppError('CONFLICT', LAST_ADMIN_DELETE_MESSAGE)
    await erasePersonalData(tx, id, target.email)
    await tx.delete(user).where(eq(user.id, id))
    await recordAudit(tx, audit, { action: 'user_deleted', target: { id, email: target.email } })
  })
}

/**
 * Turns off another user's two-factor sign-in (they lost their authenticator and their recovery
 * codes): not one's own, which the Security page turns off with the password.
 */
export async function resetUserTwoFactor(db: Db, actorId: string, id: string, audit: AuditContext): Promise<AdminUser> {
  if (id === actorId) throw new AppError('FORBIDDEN', SELF_TWO_FACTOR_RESET_MESSAGE)
  await resetTwoFactor(db, id, audit)
  return getAdminUser(db, id)
}
