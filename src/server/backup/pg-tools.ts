import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { AppError } from '../errors'

const run = promisify(execFile)

/**
 * pg_dump or pg_restore, checked to exist and to be at least as new as the server: an older
 * pg_dump refuses a newer server, and an older pg_restore cannot read a newer pg_dump's file.
 */
async function checkTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number) {
  let stdout: string
  try {
    ;({ stdout } = await run(tool, ['--version']))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new AppError(
      'INTERNAL',
      `${tool} was not found. Install PostgreSQL's client tools, version ${serverMajor} or newer (Debian: apt-get install postgresql-client).`,
    )
  }
  const major = Number(/\(PostgreSQL\) (\d+)/.exec(stdout)?.[1] ?? Number.NaN)
  if (!(major >= serverMajor)) {
    throw new AppError(
      'INTERNAL',
      `${tool} is version ${Number.isNaN(major) ? 'unknown' : major} but the PostgreSQL server is version ${serverMajor}: install the client tools of version ${serverMajor} or newer (Debian: postgresql-client-${serverMajor}).`,
    )
  }
}

/**
 * The tools get the address without its password, and the password through PGPASSWORD, so it
 * never shows in the process list.
 */
function connection(url: string) {
  const address = new URL(url)
  const password = decodeURIComponent(address.password)
  address.password = ''
  return { dbname: address.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env }
}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string) {
  const { dbname, env } = connection(url)
  try {
    await run(tool, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim()
    throw new AppError('INTERNAL', `${tool} failed: ${stderr || (error as Error).message}`)
  }
}

/** A custom-format dump of the database as of an exported snapshot (the one the row counts read). */
export async function pgDump(url: string, file: string, snapshot: string, serverMajor: number) {
  await checkTool('pg_dump', serverMajor)
  await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`], url)
}

/**
 * Restores into an empty database, all or nothing. Owners and grants are left out: the objects
 * belong to the role restoring, as they belong to the role that runs migrations.
 */
export async function pgRestore(url: string, file: string, serverMajor: number) {
  await checkTool('pg_restore', serverMajor)
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], url)
}
