import path from 'node:path'
import { restoreBackup } from '../backup/restore-backup'
import { fail, HELP_OPTION, loadEnvOrFail, messageOf, parseCommandArgs } from './command'

const usage = 'Usage: npm run restore -- FILE [--force]'

/**
 * Brings a portal back from a file of `npm run backup` into DATA_DIR (and DATABASE_URL's
 * database): checked first, all or nothing, and never over data without --force (docs/backups.md).
 */
async function main() {
  const parsed = parseCommandArgs(usage, { options: { force: { type: 'boolean' }, help: HELP_OPTION }, allowPositionals: true })
  if (!parsed) return
  if (parsed.positionals.length !== 1) fail(`give one backup file\n${usage}`)
  const env = loadEnvOrFail()
  try {
    const summary = await restoreBackup({ env, file: path.resolve(parsed.positionals[0]!), force: parsed.values.force, log: console.log })
    console.log(
      `Restored the backup of ${summary.createdAt}: ${summary.tables} tables, ${summary.rows} rows, ${summary.mediaFiles} media files. Start the server to use it.`,
    )
  } catch (error) {
    fail(messageOf(error))
  }
}

await main()
