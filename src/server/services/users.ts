import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Profile } from '../../shared/api-types'
import type { Role } from '../../shared/schemas/fields'
import type { Db, Tx } from '../db/client'
import { account, user } from '../db/schema'
import { AppError } from '../errors'
import { recordAudit, type AuditContext } from './audit-log'
import { hashPassword } from './passwords'
import { toProfile } from './profile'

export type NewUser = {
  email: string
  fullName?: string | undefined
  role: Role
  password: string
  /** A temporary password: the learner must replace it at first sign-in. */
  isTemporary: boolean
}

/** Who is creating the account, and through what: the audit entry's actor and its "via". */
export type Creation = { context: AuditContext; via: 'admin' | 'cli' | 'webhook' | 'import' | 'first start' }

export const EMAIL_TAKEN_MESSAGE = 'A user with this email already exists'

export const isUniqueViolation = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: string } }).cause
  return (error as { code?: string }).code === '23505' || cause?.code === '23505'
}

/** Creates the user and their password credential together, or nothing. */
export async function createUser(db: Db, input: NewUser, creation: Creation): Promise<Profile> {
  const email = input.email.trim().toLowerCase()
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1)
  if (existing) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE)

  const passwordHash = await hashPassword(input.password)
  try {
    return await db.transaction((tx) => insertUserWithPassword(tx, { ...input, email }, passwordHash, creation))
  } catch (error) {
    // Two creations of the same e-mail at once: the database decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE)
    throw error
  }
}

/**
 * The user row, its password credential and the audit entry, inside the caller's transaction; the password is
 * already hashed (hashing is slow by design, docs/performance.md figure 3: never hold a
 * transaction open for it).
 */
export async function insertUserWithPassword(
  tx: Tx,
  input: Omit<NewUser, 'password'>,
  passwordHash: string,
  { context, via }: Creation,
): Promise<Profile> {
  const id = randomUUID()
  const now = new Date()
  const [created] = await tx
    .insert(user)
    .values({
      id,
      email: input.email.trim().toLowerCase(),
      name: input.fullName?.trim() ?? '',
      role: input.role,
      source: via,
      mustChangePassword: input.isTemporary,
      temporaryPasswordIssuedAt: input.isTemporary ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: passwordHash,
    createdAt: now,
    updatedAt: now,
  })
  await recordAudit(tx, context, {
    action: 'user_created',
    target: { id, email: created!.email },
    detail: { via, role: input.role },
  })
  // A new account has no second factor yet: whether an admin must set one up, the session's profile says.
  return toProfile(created!, false)
}
