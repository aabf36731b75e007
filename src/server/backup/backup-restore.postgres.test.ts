import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPglite } from '../db/client'
import { loadEnv } from '../env'
import { openTestDatabase } from '../test/harness'
import { fillMedia, fillPortal, FILLED_TABLES, snapshotAllTables, snapshotFiles } from '../test/portal-fill'
import { createBackup } from './create-backup'
import { restoreBackup, withClient } from './restore-backup'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-backup-pg-'))
const sourceDir = path.join(root, 'source')
const targetDir = path.join(root, 'target')
const backupFile = path.join(root, 'backup.tar.gz')
const cleanups: (() => Promise<void>)[] = []
let sourceUrl: string
let targetUrl: string

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  fs.rmSync(root, { recursive: true, force: true })
})

const state = async (url: string, dataDir: string) => ({
  tables: await withClient(url, snapshotAllTables),
  media: await snapshotFiles(path.join(dataDir, 'media')),
})

const restore = (file: string, force = false) =>
  restoreBackup({ env: loadEnv({ DATABASE_URL: targetUrl, DATA_DIR: targetDir }), file, force })

beforeAll(async () => {
  const source = await openTestDatabase()
  cleanups.push(source.drop)
  await fillPortal(source.database.db)
  await source.database.close()
  sourceUrl = source.url!
  await fillMedia(sourceDir)
  // The target: a new, empty database nobody is connected to, as an operator makes one.
  const target = await openTestDatabase({ isMigrated: false })
  cleanups.push(target.drop)
  await target.database.close()
  targetUrl = target.url!
}, 120_000)

it('backs up with pg_dump and restores into a fresh database: every table row for row, every media file', async () => {
  const summary = await createBackup({ source: { kind: 'postgres', url: sourceUrl }, dataDir: sourceDir, output: backupFile })
  const original = await state(sourceUrl, sourceDir)
  // Every table the migrations make, whatever they add.
  const tables = Object.keys(original.tables).length
  expect(summary).toMatchObject({ file: backupFile, tables, mediaFiles: 3 })
  for (const table of FILLED_TABLES) expect(original.tables[table]?.length, table).toBeGreaterThan(0)

  const restored = await restore(backupFile)
  expect(restored).toMatchObject({ database: 'postgres', tables, mediaFiles: 3, rows: summary.rows })
  expect(await state(targetUrl, targetDir)).toEqual(original)
  // No database left behind by the restore.
  const leftovers = await withClient(sourceUrl, (query) => query(`select datname from pg_database where datname like '%\\_restoring\\_%' or datname like '%\\_replaced\\_%'`))
  expect(leftovers).toEqual([])
}, 120_000)

it('refuses a non-empty database without --force; with it, replaces what changed since', async () => {
  const before = await state(targetUrl, targetDir)
  await expect(restore(backupFile)).rejects.toThrow(
    /^The database .* is not empty \(4 user accounts, 3 media files\)\. Restoring replaces all of it with the backup of .*: run again with --force to do so\. Nothing was changed\.$/,
  )
  expect(await state(targetUrl, targetDir)).toEqual(before)

  await withClient(targetUrl, (query) => query(`delete from module_progress`))
  fs.rmSync(path.join(targetDir, 'media', 'poster.jpg'))
  await restore(backupFile, true)
  expect(await state(targetUrl, targetDir)).toEqual(before)
}, 120_000)

it('refuses while another client is connected to the database, and changes nothing', async () => {
  const before = await state(targetUrl, targetDir)
  const other = new pg.Client({ connectionString: targetUrl })
  await other.connect()
  try {
    await expect(restore(backupFile, true)).rejects.toThrow(
      /^1 other connection is open to the database .*: stop the portal's servers \(and any other client\) first\. Nothing was changed\.$/,
    )
  } finally {
    await other.end()
  }
  expect(await state(targetUrl, targetDir)).toEqual(before)
}, 60_000)

it('refuses a damaged backup before touching anything', async () => {
  const before = await state(targetUrl, targetDir)
  const bytes = fs.readFileSync(backupFile)
  const damaged = path.join(root, 'damaged.tar.gz')
  fs.writeFileSync(damaged, Buffer.concat([bytes.subarray(0, 2000), Buffer.from([bytes[2000]! ^ 0x01]), bytes.subarray(2001)]))
  await expect(restore(damaged, true)).rejects.toThrow(/is not a usable backup: .*\. Nothing was changed\.$/)
  expect(await state(targetUrl, targetDir)).toEqual(before)
}, 60_000)

it('refuses a backup of the embedded database: it restores only into an embedded one', async () => {
  const before = await state(targetUrl, targetDir)
  const embedded = await openPglite()
  await embedded.migrate()
  const pgliteBackup = path.join(root, 'pglite-backup.tar.gz')
  await createBackup({ source: { kind: 'pglite', pglite: embedded.pglite }, dataDir: path.join(root, 'embedded'), output: pgliteBackup })
  await embedded.close()
  await expect(restore(pgliteBackup, true)).rejects.toThrow(
    'This backup is of an embedded (PGlite) database: it restores only into an embedded database (DATABASE_URL unset). Nothing was changed.',
  )
  expect(await state(targetUrl, targetDir)).toEqual(before)
}, 60_000)
