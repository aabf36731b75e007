import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { openPglite } from '../db/client'
import { user } from '../db/schema'

const run = promisify(execFile)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-cli-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/user-create.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr }
  }
}

it('creates a user on a brand-new DATA_DIR with a generated temporary password, then refuses the same e-mail', async () => {
  const created = await cli('--email', 'Ada@Example.com', '--name', 'Ada Lovelace', '--role', 'admin')
  expect(created.code).toBe(0)
  expect(created.stdout).toContain('Created admin ada@example.com (Ada Lovelace).')
  expect(created.stdout).toMatch(/Temporary password: [A-Za-z0-9!@#$%^&*]{12}\n/)

  const permanent = await cli('--email', 'ops@example.com', '--password', 'operator pass 1', '--permanent')
  expect(permanent.code).toBe(0)
  expect(permanent.stdout).not.toContain('Temporary password')

  const taken = await cli('--email', 'ada@example.com')
  expect(taken.code).toBe(1)
  expect(taken.stderr.trim()).toBe('Error: A user with this email already exists')

  const database = await openPglite(path.join(dataDir, 'pglite'))
  try {
    const rows = await database.db.select().from(user)
    expect(rows.map((row) => [row.email, row.role, row.mustChangePassword]).sort()).toEqual([
      ['ada@example.com', 'admin', true],
      ['ops@example.com', 'user', false],
    ])
  } finally {
    await database.close()
  }
}, 120_000)

it('refuses while a server holds the DATA_DIR, and changes nothing', async () => {
  // Every write to the embedded database must pass through the server that owns it: its cache of
  // sessions and users is coherent only so (docs/decisions/0061-coherent-cache-on-pglite.md).
  const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
  const lockFile = path.join(dataDir, 'server.lock')
  try {
    fs.writeFileSync(lockFile, String(server.pid))
    const refused = await cli('--email', 'late@example.com')
    expect(refused.code).toBe(1)
    expect(refused.stderr.split('\n')[0]).toBe(
      `Error: Another server process (pid ${server.pid}) is already using the embedded database in ${dataDir}. ` +
        'Stop it first, or give this one a different DATA_DIR.',
    )
  } finally {
    server.kill()
    fs.rmSync(lockFile, { force: true })
  }
  const database = await openPglite(path.join(dataDir, 'pglite'))
  try {
    const rows = await database.db.select({ email: user.email }).from(user)
    expect(rows.map((row) => row.email)).not.toContain('late@example.com')
  } finally {
    await database.close()
  }
}, 120_000)

it.each([
  [['--email', 'not-an-email'], 'Error: Invalid email format'],
  [['--email', 'a@example.com', '--password', 'short'], 'Error: Password must be at least 8 characters'],
  [['--email', 'a@example.com', '--role', 'owner'], 'Error: Role must be user or admin'],
  [['--email', 'a@example.com', '--permanent'], 'Error: --permanent needs --password: a generated password is always temporary'],
  [[], 'Error: --email is required'],
])('%j prints one clear line and exits 1', async (args, message) => {
  const result = await cli(...args)
  expect(result.code).toBe(1)
  expect(result.stderr.split('\n')[0]).toBe(message)
})
