import path from 'node:path'
import { parseArgs } from 'node:util'
import { restoreBackup } from '../backup/restore-backup'
import { ConfigError, loadEnv } from '../env'

const usage = 'Usage: npm run restore -- FILE [--force]'

function fail(message: string): never {
  console.error(`Error: ${message}`)
  process.exit(1)
}

/**
 * Brings a portal back from a file of `npm run backup` into DATA_DIR (and DATABASE_URL's
 * database): checked first, all or nothing, and never over data without --force (docs/backups.md).
 */
async function main() {
  let parsed
  try {
    parsed = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true })
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`)
  }
  if (parsed.values.help) {
    console.log(usage)
    return
  }
  if (parsed.positionals.length !== 1) fail(`give one backup file\n${usage}`)
  let env
  try {
    env = loadEnv()
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error))
  }
  try {
    const summary = await restoreBackup({ env, file: path.resolve(parsed.positionals[0]!), force: parsed.values.force, log: console.log })
    console.log(
      `Restored the backup of ${summary.createdAt}: ${summary.tables} tables, ${summary.rows} rows, ${summary.mediaFiles} media files. Start the server to use it.`,
    )
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
}

await main()
