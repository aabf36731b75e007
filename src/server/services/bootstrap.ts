import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import { AppError } from '../errors'
import { offlineContext } from './audit-log'
import { generateUncommonPassword } from './passwords'
import { createUser } from './users'

/**
 * On the first start there is nobody to create accounts, so one admin is made with a random
 * temporary password, printed once. It must be changed at first sign-in, and (REQUIRE_ADMIN_2FA)
 * a second factor set up before the admin panel opens. Several processes may
 * start at once on a new database: the unique e-mail lets one create the admin, and the others
 * find it made and say nothing.
 */
export async function ensureAdmin(
  db: Db,
  adminEmail: string,
  log: (message: string) => void,
  { requireAdminTwoFactor = true }: { requireAdminTwoFactor?: boolean } = {},
): Promise<void> {
  const [anyAdmin] = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).limit(1)
  if (anyAdmin) return
  const [taken] = await db.select({ role: user.role }).from(user).where(eq(user.email, adminEmail)).limit(1)
  // Made a moment ago by another process starting at the same time.
  if (taken?.role === 'admin') return
  if (taken) {
    log(
      `No admin account exists and ${adminEmail} is already a learner. Create an admin with:\n` +
        '  npm run user:create -- --email you@example.com --role admin',
    )
    return
  }
  const password = generateUncommonPassword()
  try {
    await createUser(
      db,
      { email: adminEmail, role: 'admin', password, isTemporary: true },
      { context: offlineContext('system'), via: 'first start' },
    )
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return
    throw error
  }
  log(
    [
      '',
      requireAdminTwoFactor
        ? '  First start: an admin account was created. Sign in, choose your own password, then set up\n' +
          '  two-factor sign-in with an authenticator app (REQUIRE_ADMIN_2FA); the admin panel opens after.'
        : '  First start: an admin account was created. Sign in and choose your own password.',
      `    Email:              ${adminEmail}`,
      `    Temporary password: ${password}`,
      '  This password is shown only once.',
      '',
    ].join('\n'),
  )
}
