import fs from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { Database } from '../db/client'
import { ConfigError, type Env } from '../env'
import { controlSocketPath, listenForBackupRequests } from './control-socket'
import { createBackup, type BackupSource, type BackupSummary } from './create-backup'
import { scheduleBackups, type Clock } from './schedule'

type Log = { log: (message: string) => void; error: (message: string) => void }

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** A BACKUP_DIR the server cannot write to stops the start, rather than the first night's backup. */
async function checkBackupDir(dir: string) {
  try {
    await fs.promises.mkdir(dir, { recursive: true })
    await fs.promises.access(dir, fs.constants.W_OK)
  } catch (error) {
    throw new ConfigError([`BACKUP_DIR: cannot write to ${dir} (${(error as Error).message})`])
  }
}

/** A backup or restore cut short (the process killed) leaves its scratch folder: only the lock's holder may sweep them. */
async function removeLeftovers(dataDir: string) {
  const names = await fs.promises.readdir(dataDir).catch(() => [])
  for (const name of names.filter((entry) => /^\.(backup|restore)-/.test(entry))) {
    await fs.promises.rm(path.join(dataDir, name), { recursive: true, force: true })
  }
}

/**
 * What a server process does for backups: on the embedded database, it answers `npm run backup`
 * (only it may read the database); with BACKUP_DIR, it runs the nightly backup. Call it in one
 * process only when several serve one PostgreSQL database.
 */
export async function startBackups(
  { env, database }: { env: Env; database: Database & { pglite?: PGlite } },
  { log = console, clock }: { log?: Log; clock?: Clock } = {},
) {
  const source: BackupSource = database.pglite ? { kind: 'pglite', pglite: database.pglite } : { kind: 'postgres', url: env.databaseUrl! }
  // One backup at a time: a nightly one and one asked for from the command line never overlap.
  let queue: Promise<unknown> = Promise.resolve()
  const backup = (output: string): Promise<BackupSummary> => {
    const next = queue.then(() => createBackup({ source, dataDir: env.dataDir, output, now: clock?.now() }))
    queue = next.catch(() => {})
    return next
  }

  const { dir } = env.backups
  if (dir) await checkBackupDir(dir)
  if (database.pglite) await removeLeftovers(env.dataDir)
  const control = database.pglite
    ? await listenForBackupRequests(env.dataDir, backup).catch((error: Error) => {
        log.error(`npm run backup cannot reach this server (${controlSocketPath(env.dataDir)}: ${error.message}); stop the server to back up.`)
        return undefined
      })
    : undefined
  const schedule = dir ? scheduleBackups({ schedule: env.backups, dir, run: backup, log, clock }) : undefined
  if (dir) {
    log.log(`Backups every day at ${twoDigits(env.backups.at.hour)}:${twoDigits(env.backups.at.minute)} into ${dir}, keeping the newest ${env.backups.keep}.`)
  }
  return {
    async close() {
      schedule?.stop()
      await control?.close()
      await queue
    },
  }
}
