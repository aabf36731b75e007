import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout } from 'node:timers/promises'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPglite } from '../db/client'
import { fillMedia, fillPortal, FILLED_TABLES, snapshotAllTables, snapshotFiles } from '../test/portal-fill'
import { freePort, startServer, type ServerProcess } from '../test/server-process'
import { openArchive } from './archive'
import { pgliteQuery } from './create-backup'
import { countRows } from './tables'
import { verifierLoader, verifyAsOutsider, type Json } from '../test/outside-verifier'

const run = promisify(execFile)
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-backup-'))
const source = path.join(root, 'source')
const fresh = path.join(root, 'fresh')
let server: ServerProcess | undefined
afterAll(async () => {
  await server?.kill()
  fs.rmSync(root, { recursive: true, force: true })
})

async function cli(dataDir: string, script: 'backup.ts' | 'restore.ts', ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `src/server/cli/${script}`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BACKUP_DIR: '', NODE_ENV: 'development' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr }
  }
}

/** Every table's rows and every file a restore brings back, read with the portal stopped. */
async function portalState(dataDir: string) {
  const database = await openPglite(path.join(dataDir, 'pglite'))
  try {
    return {
      tables: await snapshotAllTables(pgliteQuery(database.pglite)),
      media: await snapshotFiles(path.join(dataDir, 'media')),
      authSecret: fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'),
    }
  } finally {
    await database.close()
  }
}

let sourcePort: number
let credential: Json
/** The backed-up portal's state: what every restore of the backup must give. */
let original: Awaited<ReturnType<typeof portalState>>

beforeAll(async () => {
  fs.mkdirSync(source)
  const database = await openPglite(path.join(source, 'pglite'))
  await database.migrate()
  sourcePort = await freePort()
  // Its credential is signed for the portal's address: the restored portal keeps that address.
  ;({ credential } = await fillPortal(database.db, `http://localhost:${sourcePort}`))
  // Every table the migrations make, whatever they add: the backup must hold them all.
  tableCount = Object.keys(await countRows(pgliteQuery(database.pglite))).length
  await database.close()
  await fillMedia(source)
  server = await startServer(source, sourcePort)
  // The certificate fillPortal issued queued its completion e-mail, which the server sends once it
  // has loaded the e-mails' libraries (decision 0103). A backup taken meanwhile would hold it half
  // sent, and the restored portal would rightly differ: the backup waits for the send, and for the
  // queue to record it (a few milliseconds after the message is written).
  while (!server.output().includes('Subject: Congratulations, you completed the course')) await setTimeout(50)
  await setTimeout(1_000)
}, 180_000)

let backupFile: string
let tableCount: number
let backupStartedAt: Date

/**
 * The running server's queue adds a row for each of its periodic jobs every minute (or hour), so a
 * minute that turns between the backup and the server's stop adds rows the backup cannot hold:
 * the queue's rows made after the backup began are left out of a comparison, on both sides.
 */
function withoutLaterJobs<State extends { tables: Record<string, string[]> }>(state: State): State {
  const jobs = state.tables['public.job'] ?? []
  return { ...state, tables: { ...state.tables, 'public.job': jobs.filter((row) => new Date((JSON.parse(row) as { created_at: string }).created_at) < backupStartedAt) } }
}
const withoutJobCount = (tables: Record<string, number>) => Object.fromEntries(Object.entries(tables).filter(([table]) => table !== 'public.job'))

it('backs up the portal while it serves, through the server, into one checked file', async () => {
  const backups = path.join(root, 'backups')
  // Requests keep coming while the server dumps its database: each is answered.
  let isDone = false
  backupStartedAt = new Date()
  const backingUp = cli(source, 'backup.ts', '--output', `${backups}/`).finally(() => (isDone = true))
  const during: number[] = []
  while (!isDone) during.push((await fetch(`${server!.url}/api/health`)).status)
  const result = await backingUp
  expect(during.length).toBeGreaterThan(0)
  expect(during.every((status) => status === 200)).toBe(true)
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('The server is running: it writes the backup.')
  expect(result.stdout).toMatch(/Backup written: .*portal-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz \(\d+ bytes; \d+ tables, \d+ rows; 3 media files\)\./)
  expect(result.stdout).toContain(`; ${tableCount} tables, `)
  const [name] = fs.readdirSync(backups)
  backupFile = path.join(backups, name!)
  expect((fs.statSync(backupFile).mode & 0o777).toString(8)).toBe('600')
  // Still serving, and nothing of the backup left in DATA_DIR.
  expect((await fetch(`${server!.url}/api/health`)).status).toBe(200)
  expect(fs.readdirSync(source).filter((entry) => entry.startsWith('.'))).toEqual([])
}, 120_000)

it('refuses to restore over the running portal, and changes nothing', async () => {
  const result = await cli(source, 'restore.ts', backupFile, '--force')
  expect(result.code).toBe(1)
  expect(result.stderr.trim()).toMatch(
    /^Error: Another server process \(pid \d+\) is already using the embedded database in .*\. A restore replaces that database: stop the server first, then run the restore again\. Nothing was changed\.$/,
  )
}, 60_000)

it('restores into a fresh portal: every table row for row and every media file the same', async () => {
  expect(await server!.kill()).toBe(0)
  server = undefined
  original = await portalState(source)
  for (const table of FILLED_TABLES) expect(original.tables[table]?.length, table).toBeGreaterThan(0)

  const result = await cli(fresh, 'restore.ts', backupFile)
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  expect(result.stdout).toMatch(/Restored the backup of .*: \d+ tables, \d+ rows, 3 media files\. Start the server to use it\./)
  expect(result.stdout).toContain(`: ${tableCount} tables, `)
  expect(withoutLaterJobs(await portalState(fresh))).toEqual(withoutLaterJobs(original))
  expect(fs.readdirSync(fresh).filter((entry) => entry.startsWith('.'))).toEqual([])
}, 120_000)

it('keeps the signing key: a credential issued before the restore still verifies on the restored portal', async () => {
  // The restored portal answers at the original's address (PUBLIC_URL), from a port of its own.
  const restored = await startServer(fresh, await freePort(), { PUBLIC_URL: `http://localhost:${sourcePort}` })
  try {
    const fetchRestored = async (url: string) => {
      const response = await fetch(`${restored.url}${new URL(url).pathname}`)
      expect(response.status, url).toBe(200)
      return (await response.json()) as Json
    }
    const { load } = verifierLoader(fetchRestored, { statusListPrefix: `http://localhost:${sourcePort}/api/credentials/status/` })
    const result = await verifyAsOutsider(credential, load)
    expect(result.error).toBeUndefined()
    expect(result.verified).toBe(true)
    expect(result.statusResult?.results?.[0]?.status).toBe(false)
    // The same document is served for it.
    const id = (credential.id as string).split('/verify/')[1]
    expect(await fetchRestored(`${restored.url}/verify/${id}.json`)).toEqual(credential)
  } finally {
    await restored.kill()
  }
}, 120_000)

it('backs up a stopped portal by opening its database itself; says when there is none yet', async () => {
  const stopped = path.join(root, 'stopped.tar.gz')
  const result = await cli(source, 'backup.ts', '--output', stopped)
  expect(result.code).toBe(0)
  expect(result.stdout).not.toContain('The server is running')
  const [first, second] = await Promise.all([openArchive(backupFile, path.join(root, 'first')), openArchive(stopped, path.join(root, 'second'))])
  expect(withoutJobCount(second.tables)).toEqual(withoutJobCount(first.tables))
  expect(second.entries.filter((entry) => !entry.path.startsWith('database/'))).toEqual(first.entries.filter((entry) => !entry.path.startsWith('database/')))

  const empty = await cli(path.join(root, 'empty'), 'backup.ts', '--output', path.join(root, 'none.tar.gz'))
  expect(empty.code).toBe(1)
  expect(empty.stderr.trim()).toBe(`Error: There is no database in ${path.join(root, 'empty')} yet: nothing to back up.`)
  expect(fs.existsSync(path.join(root, 'none.tar.gz'))).toBe(false)
}, 120_000)

it('refuses a non-empty portal without --force, and replaces it with it', async () => {
  const before = await portalState(fresh)
  const refused = await cli(fresh, 'restore.ts', backupFile)
  expect(refused.code).toBe(1)
  expect(refused.stderr).toMatch(/^Error: The portal in .* is not empty \(4 user accounts, 3 media files\)\. Restoring replaces all of it with the backup of .*: run again with --force to do so\. Nothing was changed\./)
  expect(await portalState(fresh)).toEqual(before)

  // Something changed since the backup (a file, and the rows the server started on it in the test
  // above wrote: its queue's periodic jobs): --force puts the backup's state back.
  fs.writeFileSync(path.join(fresh, 'media', 'added-later.txt'), 'new')
  const forced = await cli(fresh, 'restore.ts', backupFile, '--force')
  expect(forced.code).toBe(0)
  expect(withoutLaterJobs(await portalState(fresh))).toEqual(withoutLaterJobs(original))
}, 120_000)

it.each([
  ['a flipped byte', (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 5000), Buffer.from([bytes[5000]! ^ 0xff]), bytes.subarray(5001)])],
  ['a truncated file', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
  ['not a backup at all', () => Buffer.from('hello')],
])('refuses %s before touching anything', async (_, damage) => {
  const before = await portalState(fresh)
  const damaged = path.join(root, 'damaged.tar.gz')
  fs.writeFileSync(damaged, damage(fs.readFileSync(backupFile)))
  const result = await cli(fresh, 'restore.ts', damaged, '--force')
  expect(result.code).toBe(1)
  expect(result.stderr.trim()).toMatch(new RegExp(`^Error: ${damaged.replaceAll('.', '\\.')} is not a usable backup: .*\\. Nothing was changed\\.$`))
  expect(await portalState(fresh)).toEqual(before)
  expect(fs.readdirSync(fresh).filter((entry) => entry.startsWith('.'))).toEqual([])
}, 120_000)
