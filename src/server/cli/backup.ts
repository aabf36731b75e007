import fs from 'node:fs'
import path from 'node:path'
import { backupFileName, createBackup, type BackupSummary } from '../backup/create-backup'
import { requestBackup } from '../backup/control-socket'
import { openPglite } from '../db/client'
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock'
import { type Env } from '../env'
import { AppError } from '../errors'
import { fail, HELP_OPTION, loadEnvOrFail, messageOf, parseCommandArgs } from './command'

const usage = 'Usage: npm run backup -- [--output FILE_OR_DIRECTORY]'

/** A directory (existing, or written with a trailing slash) gets a dated file name. */
function outputFile(env: Env, output: string | undefined) {
  const target = path.resolve(output ?? env.backups.dir ?? '.')
  const isDirectory = output === undefined || output.endsWith('/') || (fs.existsSync(target) && fs.statSync(target).isDirectory())
  return isDirectory ? path.join(target, backupFileName(new Date())) : target
}

/** The embedded database, opened here when no server has it, or backed up by the server that has. */
async function backupPglite(env: Env, output: string): Promise<BackupSummary> {
  let unlock: () => void
  try {
    unlock = lockDataDir(env.dataDir)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    console.log('The server is running: it writes the backup.')
    return requestBackup(env.dataDir, output)
  }
  try {
    const live = path.join(env.dataDir, 'pglite')
    if (!fs.existsSync(path.join(live, 'PG_VERSION'))) {
      throw new AppError('NOT_FOUND', `There is no database in ${env.dataDir} yet: nothing to back up.`)
    }
    const database = await openPglite(live)
    try {
      return await createBackup({ source: { kind: 'pglite', pglite: database.pglite }, dataDir: env.dataDir, output })
    } finally {
      await database.close()
    }
  } finally {
    unlock()
  }
}

/**
 * Writes one file with the database and DATA_DIR/media (docs/backups.md). On the embedded
 * database it works whether the server runs or not; on PostgreSQL it runs pg_dump.
 */
async function main() {
  const parsed = parseCommandArgs(usage, { options: { output: { type: 'string', short: 'o' }, help: HELP_OPTION } })
  if (!parsed) return
  const env = loadEnvOrFail()
  const output = outputFile(env, parsed.values.output)
  try {
    const summary = env.databaseUrl
      ? await createBackup({ source: { kind: 'postgres', url: env.databaseUrl }, dataDir: env.dataDir, output })
      : await backupPglite(env, output)
    console.log(
      `Backup written: ${summary.file} (${summary.bytes} bytes; ${summary.tables} tables, ${summary.rows} rows; ${summary.mediaFiles} media files).`,
    )
  } catch (error) {
    fail(messageOf(error))
  }
}

await main()
