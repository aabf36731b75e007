import { eq } from 'drizzle-orm'
import type { Profile } from '../../shared/api-types'
import type { Role } from '../../shared/schemas/fields'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import { AppError } from '../errors'
import { mustSetUpTwoFactor } from './two-factor'

/** What a profile is made of: a user's row, or Better Auth's answer to a sign-in. */
export type ProfileRow = Pick<typeof user.$inferSelect, 'id' | 'email' | 'name' | 'role' | 'mustChangePassword' | 'twoFactorEnabled'>

/** `requireAdminTwoFactor`: REQUIRE_ADMIN_2FA, which decides whether an admin must set it up. */
export const toProfile = (row: ProfileRow, requireAdminTwoFactor: boolean): Profile => ({
  id: row.id,
  email: row.email,
  fullName: row.name === '' ? null : row.name,
  role: row.role as Role,
  mustChangePassword: row.mustChangePassword,
  ...(row.twoFactorEnabled ? { hasTwoFactor: true as const } : {}),
  ...(mustSetUpTwoFactor(row, requireAdminTwoFactor) ? { mustSetUpTwoFactor: true as const } : {}),
})

export async function getProfile(
  db: Db,
  where: { id: string } | { email: string },
  requireAdminTwoFactor: boolean,
): Promise<Profile> {
  const [row] = await db
    .select()
    .from(user)
    .where('id' in where ? eq(user.id, where.id) : eq(user.email, where.email))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'User not found')
  return toProfile(row, requireAdminTwoFactor)
}
