import fs from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { openPglite } from '../db/client'
import { listFiles, writeArchive } from './archive'
import {
  appVersion,
  AUTH_SECRET_FILE,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MEDIA_DIR,
  PGLITE_DUMP_FILE,
  POSTGRES_DUMP_FILE,
} from './manifest'
import { pgDump } from './pg-tools'
import { countRows, lastMigration, type Query } from './tables'

/** Where the database is read from: the open embedded database, or a PostgreSQL address. */
export type BackupSource = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string }

export type BackupSummary = {
  file: string
  bytes: number
  tables: number
  rows: number
  mediaFiles: number
}

type DatabaseDump = { tables: Record<string, number>; schemaMigration: string | null; postgresVersion?: string }

/** `portal-backup-2026-11-24T03-00-00Z.tar.gz`: sorts by time, safe in every file system. */
export const backupFileName = (now: Date) =>
  `portal-backup-${now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.tar.gz`
export const BACKUP_FILE_PATTERN = /^portal-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/

export const pgliteQuery =
  (pglite: PGlite): Query =>
  async (text) =>
    (await pglite.query<Record<string, unknown>>(text)).rows

/**
 * PGlite's own dump of its data directory, taken by the process that has it open (its queries
 * wait meanwhile). The counts are read from the dump itself, opened in memory: they are the
 * dump's, and a dump that would not open fails the backup now rather than the restore later.
 */
async function dumpPglite(pglite: PGlite, file: string): Promise<DatabaseDump> {
  await pglite.query('CHECKPOINT')
  const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer())
  await fs.promises.writeFile(file, dump)
  const copy = await openPglite(new Blob([dump]))
  try {
    const query = pgliteQuery(copy.pglite)
    return { tables: await countRows(query), schemaMigration: await lastMigration(query) }
  } finally {
    await copy.pglite.close()
  }
}

/** pg_dump reads the snapshot the counts were read in, so both see the same rows. */
async function dumpPostgres(url: string, file: string): Promise<DatabaseDump> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('begin isolation level repeatable read, read only')
    const { snapshot } = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows[0]!
    const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows
    const { version, versionNum } = (
      await client.query<{ version: string; versionNum: string }>(
        `select current_setting('server_version') as version, current_setting('server_version_num') as "versionNum"`,
      )
    ).rows[0]!
    const dump = { tables: await countRows(query), schemaMigration: await lastMigration(query), postgresVersion: version }
    await pgDump(url, file, snapshot, Math.floor(Number(versionNum) / 10_000))
    await client.query('commit')
    return dump
  } finally {
    await client.end()
  }
}

/** Hard links where the file system allows (no copy of a large video), copies elsewhere. */
async function stageMedia(mediaDir: string, into: string): Promise<number> {
  const files = await listFiles(mediaDir)
  for (const file of files) {
    const target = path.join(into, file)
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    await fs.promises.link(path.join(mediaDir, file), target).catch(() => fs.promises.copyFile(path.join(mediaDir, file), target))
  }
  return files.length
}

/**
 * One file holding everything needed to bring the portal back: the database, every file under
 * DATA_DIR/media, and the generated auth secret if there is one (two-factor keys are encrypted
 * with it). See docs/backups.md.
 */
export async function createBackup({
  source,
  dataDir,
  output,
  now = new Date(),
}: {
  source: BackupSource
  dataDir: string
  output: string
  now?: Date
}): Promise<BackupSummary> {
  await fs.promises.mkdir(dataDir, { recursive: true })
  // Inside DATA_DIR, so media files can be hard-linked rather than copied.
  const staging = await fs.promises.mkdtemp(path.join(dataDir, '.backup-'))
  try {
    await fs.promises.mkdir(path.join(staging, 'database'))
    const dump =
      source.kind === 'pglite'
        ? await dumpPglite(source.pglite, path.join(staging, PGLITE_DUMP_FILE))
        : await dumpPostgres(source.url, path.join(staging, POSTGRES_DUMP_FILE))
    const mediaFiles = await stageMedia(path.join(dataDir, MEDIA_DIR), path.join(staging, MEDIA_DIR))
    await fs.promises.copyFile(path.join(dataDir, AUTH_SECRET_FILE), path.join(staging, AUTH_SECRET_FILE)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
    const { bytes } = await writeArchive(
      staging,
      {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        database: source.kind,
        createdAt: now.toISOString(),
        appVersion: appVersion(),
        schemaMigration: dump.schemaMigration,
        ...(dump.postgresVersion ? { postgresVersion: dump.postgresVersion } : {}),
        tables: dump.tables,
      },
      output,
    )
    return {
      file: output,
      bytes,
      tables: Object.keys(dump.tables).length,
      rows: Object.values(dump.tables).reduce((sum, rows) => sum + rows, 0),
      mediaFiles,
    }
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true })
  }
}
