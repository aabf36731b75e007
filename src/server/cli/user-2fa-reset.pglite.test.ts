import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { openPglite } from '../db/client'
import { twoFactor, user, verification } from '../db/schema'

const run = promisify(execFile)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-2fa-cli-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

async function cli(script: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `src/server/cli/${script}`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr }
  }
}

/** Opens the stopped portal's embedded database, as the CLI does. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>): Promise<T> {
  const database = await openPglite(path.join(dataDir, 'pglite'))
  try {
    return await work(database.db)
  } finally {
    await database.close()
  }
}

it('turns off a locked-out sole admin’s second factor, trusted devices included; then says there is none to turn off', async () => {
  const created = await cli('user-create.ts', '--email', 'sole.admin@example.com', '--role', 'admin', '--password', 'sole admin passphrase', '--permanent')
  expect(created.code).toBe(0)
  // The admin set up two-factor sign-in, trusted a browser, then lost the phone and the codes.
  await withDatabase(async (db) => {
    const [admin] = await db.select().from(user).where(eq(user.email, 'sole.admin@example.com'))
    await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, admin!.id))
    await db.insert(twoFactor).values({ id: randomUUID(), userId: admin!.id, secret: 'encrypted key', backupCodes: 'encrypted codes' })
    await db.insert(verification).values({
      id: randomUUID(),
      identifier: `trust-device-${randomUUID()}`,
      value: admin!.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
  })

  const reset = await cli('user-2fa-reset.ts', '--email', 'Sole.Admin@Example.com')
  expect(reset.stderr).toBe('')
  expect(reset.code).toBe(0)
  expect(reset.stdout).toContain(
    'Two-factor sign-in is off for sole.admin@example.com. They sign in with their password alone until they set it up again.',
  )
  expect(reset.stdout).toContain('As an admin, they are asked to set it up again right after signing in (REQUIRE_ADMIN_2FA).')
  await withDatabase(async (db) => {
    const [admin] = await db.select().from(user).where(eq(user.email, 'sole.admin@example.com'))
    expect(admin!.twoFactorEnabled).toBe(false)
    expect(await db.select().from(twoFactor)).toEqual([])
    expect(await db.select().from(verification).where(eq(verification.value, admin!.id))).toEqual([])
  })

  const again = await cli('user-2fa-reset.ts', '--email', 'sole.admin@example.com')
  expect(again.code).toBe(1)
  expect(again.stderr.trim()).toBe('Error: This user has not set up two-factor sign-in.')
}, 120_000)

it.each([
  [['--email', 'nobody@example.com'], 'Error: No user has the e-mail nobody@example.com.'],
  [['--email', 'not-an-email'], 'Error: Invalid email format'],
  [[], 'Error: --email is required'],
])('%j prints one clear line and exits 1', async (args, message) => {
  const result = await cli('user-2fa-reset.ts', ...args)
  expect(result.code).toBe(1)
  expect(result.stderr.split('\n')[0]).toBe(message)
}, 60_000)
