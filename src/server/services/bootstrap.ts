import { eq } from 'drizzle-orm'
import { generateTemporaryPassword } from '../../shared/temporary-password'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import { createUser } from './users'

/**
 * On the first start there is nobody to create accounts, so one admin is made with a random
 * temporary password, printed once. It must be changed at first sign-in.
 */
export async function ensureAdmin(db: Db, adminEmail: string, log: (message: string) => void): Promise<void> {
  const [anyAdmin] = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).limit(1)
  if (anyAdmin) return
  const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, adminEmail)).limit(1)
  if (taken) {
    log(
      `No admin account exists and ${adminEmail} is already a learner. Create an admin with:\n` +
        '  npm run user:create -- --email you@example.com --role admin',
    )
    return
  }
  const password = generateTemporaryPassword()
  await createUser(db, { email: adminEmail, role: 'admin', password, isTemporary: true })
  log(
    [
      '',
      '  First start: an admin account was created. Sign in and choose your own password.',
      `    Email:              ${adminEmail}`,
      `    Temporary password: ${password}`,
      '  This password is shown only once.',
      '',
    ].join('\n'),
  )
}
