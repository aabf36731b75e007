import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server-process'

const run = promisify(execFile)

/** The newest PostgreSQL server binaries Debian installs (initdb, pg_ctl): /usr/lib/postgresql/<major>/bin. */
function serverBinDir(): string {
  const base = '/usr/lib/postgresql'
  const majors = fs.existsSync(base) ? fs.readdirSync(base).filter((name) => fs.existsSync(path.join(base, name, 'bin', 'initdb'))) : []
  const newest = majors.sort((a, b) => Number(a) - Number(b)).at(-1)
  if (!newest) throw new Error(`No PostgreSQL server binaries under ${base}: apt-get install postgresql (.ci/run does).`)
  return path.join(base, newest, 'bin')
}

/**
 * PostgreSQL refuses to run as root: as root (CI, this project's machines), the cluster belongs to
 * the `postgres` user Debian's package creates, and its commands run as that user.
 */
const asOwner = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const) : ([command, args] as const)

/**
 * A PostgreSQL server of the test's own, in a temporary cluster on a free port with trust
 * authentication on 127.0.0.1: a fault test may stop and start it without disturbing the
 * machine's shared server, which other test files use at the same moment.
 */
export async function startPostgresCluster() {
  const bin = serverBinDir()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-pgcluster-'))
  const dataDir = path.join(dir, 'data')
  if (process.getuid?.() === 0) {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])])
    fs.chownSync(dir, Number(uid), Number(gid))
  }
  const port = await freePort()
  const exec = async (command: string, args: string[]) => {
    const [file, argv] = asOwner(path.join(bin, command), args)
    return run(file, [...argv], { cwd: dir })
  }
  await exec('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  // The socket in the cluster's own directory: the system's /var/run/postgresql may not be writable.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`
  const logFile = path.join(dir, 'server.log')
  const start = () => exec('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'])
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server: `fast` ends every connection and shuts down cleanly; `immediate` as a crash would. */
    stop: (mode: 'fast' | 'immediate' = 'fast') => exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start,
    log: () => fs.readFileSync(logFile, 'utf8'),
    async destroy() {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type PostgresCluster = Awaited<ReturnType<typeof startPostgresCluster>>
