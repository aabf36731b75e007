import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { openPglite } from '../db/client'
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock'
import type { Env } from '../env'
import { AppError } from '../errors'
import { listFiles, openArchive } from './archive'
import { pgliteQuery } from './create-backup'
import { AUTH_SECRET_FILE, MEDIA_DIR, PGLITE_DUMP_FILE, POSTGRES_DUMP_FILE, type Manifest } from './manifest'
import { pgRestore } from './pg-tools'
import { swapIn, type Replacement } from './swap'
import { assertKnownMigration, assertSameCounts, countRows, userCount, type Query } from './tables'

export type RestoreSummary = { database: Manifest['database']; createdAt: string; tables: number; rows: number; mediaFiles: number }

type Restore = {
  env: Env
  manifest: Manifest
  /** The unpacked, checked backup. */
  backupDir: string
  /** A scratch directory inside DATA_DIR, removed afterwards. */
  workDir: string
  force: boolean
  log: (message: string) => void
}

const KIND_NAMES = { pglite: 'an embedded (PGlite) database', postgres: 'a PostgreSQL database' }
const RESTORES_INTO = {
  pglite: 'it restores only into an embedded database (DATABASE_URL unset)',
  postgres: 'it restores only into PostgreSQL (DATABASE_URL set)',
}

function refuseUnlessForced({ force, manifest }: Restore, where: string, users: number, mediaFiles: number) {
  if (force || (users === 0 && mediaFiles === 0)) return
  throw new AppError(
    'CONFLICT',
    `${where} is not empty (${users} user account${users === 1 ? '' : 's'}, ${mediaFiles} media file${mediaFiles === 1 ? '' : 's'}). ` +
      `Restoring replaces all of it with the backup of ${manifest.createdAt}: run again with --force to do so. Nothing was changed.`,
  )
}

/** What DATA_DIR gets from the backup besides the database: the media, and the auth secret if it has one. */
function filesToSwap({ manifest, backupDir }: Restore): Replacement[] {
  const hasMedia = manifest.entries.some((entry) => entry.path.startsWith(`${MEDIA_DIR}/`))
  const hasSecret = manifest.entries.some((entry) => entry.path === AUTH_SECRET_FILE)
  return [
    { name: MEDIA_DIR, from: hasMedia ? path.join(backupDir, MEDIA_DIR) : undefined },
    ...(hasSecret ? [{ name: AUTH_SECRET_FILE, from: path.join(backupDir, AUTH_SECRET_FILE) }] : []),
  ]
}

/** Into a new directory beside the live one, checked, then swapped in. */
async function restorePglite(restore: Restore) {
  const { env, manifest, backupDir, workDir, log } = restore
  const live = path.join(env.dataDir, 'pglite')
  let users = 0
  if (fs.existsSync(path.join(live, 'PG_VERSION'))) {
    const current = await openPglite(live)
    try {
      users = await userCount(pgliteQuery(current.pglite))
    } finally {
      await current.close()
    }
  }
  refuseUnlessForced(restore, `The portal in ${env.dataDir}`, users, (await listFiles(path.join(env.dataDir, MEDIA_DIR))).length)

  log('Loading the database from the backup…')
  const fresh = path.join(workDir, 'pglite')
  const dump = await fs.promises.readFile(path.join(backupDir, PGLITE_DUMP_FILE))
  const restored = await openPglite(fresh, { loadDump: new Blob([dump]) })
  try {
    assertSameCounts(manifest.tables, await countRows(pgliteQuery(restored.pglite)))
  } finally {
    await restored.close()
  }
  await swapIn(env.dataDir, path.join(workDir, 'replaced'), [{ name: 'pglite', from: fresh }, ...filesToSwap(restore)])
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

function withDatabase(url: string, name: string) {
  const address = new URL(url)
  address.pathname = `/${encodeURIComponent(name)}`
  return address.toString()
}

/** One connection to `url` for `work`'s queries, closed after. */
export async function withClient<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows)
  } finally {
    await client.end()
  }
}

/**
 * Into a new database on the same server, checked, then renamed into place in one transaction
 * (the old one is dropped after). Needs the role to own the database and to create databases.
 */
async function restorePostgres(restore: Restore) {
  const { env, manifest, backupDir, log } = restore
  const targetUrl = env.databaseUrl!
  const name = decodeURIComponent(new URL(targetUrl).pathname.slice(1))
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: withDatabase(targetUrl, 'postgres') })
  await admin.connect()
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  const temporary = `${name.slice(0, 40)}_restoring_${suffix}`
  let isSwapped = false
  try {
    const serverMajor = Math.floor(Number((await admin.query<{ v: string }>(`select current_setting('server_version_num') as v`)).rows[0]!.v) / 10_000)
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1
    const otherSessions = async () =>
      Number((await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows[0]!.n)
    if (exists) {
      const sessions = await otherSessions()
      if (sessions > 0) {
        throw new AppError(
          'CONFLICT',
          `${sessions} other connection${sessions === 1 ? ' is' : 's are'} open to the database ${name}: stop the portal's servers (and any other client) first. Nothing was changed.`,
        )
      }
    }
    const users = exists ? await withClient(targetUrl, userCount) : 0
    refuseUnlessForced(restore, `The database ${name}`, users, (await listFiles(path.join(env.dataDir, MEDIA_DIR))).length)

    log('Restoring the database from the backup into a new database…')
    await admin.query(`create database ${quote(temporary)}`)
    await pgRestore(withDatabase(targetUrl, temporary), path.join(backupDir, POSTGRES_DUMP_FILE), serverMajor)
    assertSameCounts(manifest.tables, await withClient(withDatabase(targetUrl, temporary), countRows))

    const undoFiles = await swapIn(env.dataDir, path.join(restore.workDir, 'replaced'), filesToSwap(restore))
    const replaced = `${name.slice(0, 40)}_replaced_${suffix}`
    try {
      await admin.query('begin')
      if (exists) await admin.query(`alter database ${quote(name)} rename to ${quote(replaced)}`)
      await admin.query(`alter database ${quote(temporary)} rename to ${quote(name)}`)
      await admin.query('commit')
      isSwapped = true
    } catch (error) {
      await admin.query('rollback').catch(() => {})
      await undoFiles()
      throw new AppError('INTERNAL', `The restored database could not be put in place (${(error as Error).message}). Nothing was changed.`)
    }
    if (exists) {
      await admin.query(`drop database ${quote(replaced)}`).catch((error: Error) => {
        log(`The restore is done, but the old database could not be dropped (${error.message}): it remains as ${replaced}; drop it when you no longer need it.`)
      })
    }
  } finally {
    if (!isSwapped) await admin.query(`drop database if exists ${quote(temporary)}`).catch(() => {})
    await admin.end()
  }
}

function lockForRestore(dataDir: string) {
  try {
    return lockDataDir(dataDir)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    throw new AppError(
      'CONFLICT',
      `${error.message.split('. ')[0]}. A restore replaces that database: stop the server first, then run the restore again. Nothing was changed.`,
    )
  }
}

/**
 * Brings back a backup from `npm run backup`: checks the file whole first, refuses a non-empty
 * portal without `force`, and replaces the database and DATA_DIR/media only once the restored
 * copy is complete and checked, so a failure leaves the old data as it was (docs/backups.md).
 */
export async function restoreBackup({
  env,
  file,
  force = false,
  log = () => {},
}: {
  env: Env
  file: string
  force?: boolean
  log?: (message: string) => void
}): Promise<RestoreSummary> {
  const kind = env.databaseUrl ? 'postgres' : 'pglite'
  await fs.promises.mkdir(env.dataDir, { recursive: true })
  // On PGlite the lock keeps a server from starting on the data directory halfway through.
  const unlock = kind === 'pglite' ? lockForRestore(env.dataDir) : () => {}
  const workDir = await fs.promises.mkdtemp(path.join(env.dataDir, '.restore-'))
  try {
    const backupDir = path.join(workDir, 'backup')
    log(`Checking ${file}…`)
    const manifest = await openArchive(file, backupDir)
    if (manifest.database !== kind) {
      throw new AppError('CONFLICT', `This backup is of ${KIND_NAMES[manifest.database]}: ${RESTORES_INTO[manifest.database]}. Nothing was changed.`)
    }
    assertKnownMigration(manifest.schemaMigration)
    const restore: Restore = { env, manifest, backupDir, workDir, force, log }
    await (kind === 'pglite' ? restorePglite(restore) : restorePostgres(restore))
    return {
      database: kind,
      createdAt: manifest.createdAt,
      tables: Object.keys(manifest.tables).length,
      rows: Object.values(manifest.tables).reduce((sum, rows) => sum + rows, 0),
      mediaFiles: manifest.entries.filter((entry) => entry.path.startsWith(`${MEDIA_DIR}/`)).length,
    }
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true })
    unlock()
  }
}
