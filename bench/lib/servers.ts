// The processes a benchmark drives: the portal (as `npm start` runs it, NODE_ENV=production) on
// PGlite or PostgreSQL, and the bare node:http baseline. All on loopback, each its own process.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { serverBundle, serverNodeFlags } from '../../scripts/server-build.mjs'

export const root = path.resolve(import.meta.dirname, '../..')

export type Server = {
  url: string
  pid: number
  /** Resident memory of the process, in bytes (Linux /proc). */
  rss: () => number
  output: () => string
  stop: () => Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function readRss(pid: number): number {
  try {
    const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1])
    return pages * 4096
  } catch {
    return NaN
  }
}

/**
 * A server's output goes to a file, as a production log goes to its collector: read through a pipe,
 * each request's log line would cost the bench process, which is also the load generator, a read.
 */
async function launch(args: string[], env: NodeJS.ProcessEnv, readyText: string, cleanup = () => {}): Promise<Server & { child: ChildProcess }> {
  const logFile = path.join(os.tmpdir(), `sws-bench-${randomBytes(6).toString('hex')}.log`)
  const logFd = fs.openSync(logFile, 'w')
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', logFd, logFd] })
  fs.closeSync(logFd)
  const output = () => fs.readFileSync(logFile, 'utf8')
  const removeLog = () => fs.rmSync(logFile, { force: true })
  const failure = (why: string) => {
    const error = new Error(`${args.join(' ')} ${why}:\n${output()}`)
    removeLog()
    return error
  }
  const url = await new Promise<string>((resolve, reject) => {
    const ready = new RegExp(`${readyText} (http://\\S+)`)
    const poll = setInterval(() => {
      const match = ready.exec(output())
      if (!match) return
      finish()
      resolve(match[1]!)
    }, 50)
    const timer = setTimeout(() => {
      finish()
      reject(failure('did not start'))
    }, 90_000)
    const onExit = (code: number | null) => {
      finish()
      reject(failure(`exited with ${code}`))
    }
    const finish = () => {
      clearInterval(poll)
      clearTimeout(timer)
      child.off('exit', onExit)
    }
    child.once('exit', onExit)
  })
  return {
    child,
    url,
    pid: child.pid!,
    rss: () => readRss(child.pid!),
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          cleanup()
          removeLog()
          resolve()
        }
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}

/** The bare node:http hello-world every ratio is taken against. */
export async function startBaseline(): Promise<Server> {
  return launch([path.join(root, 'bench/lib/baseline-server.mjs')], { ...process.env, PORT: '0' }, 'Baseline ready at')
}

/** Figure 8's baseline: node:http piping `file`, one byte range at a time. */
export async function startFileServer(file: string): Promise<Server> {
  return launch([path.join(root, 'bench/lib/file-server.mjs')], { ...process.env, PORT: '0', FILE: file }, 'File server ready at')
}

/**
 * Figures 1 and 2's floor: node:http and the database driver sending the portal's statements, on
 * PostgreSQL (`databaseUrl`) or on PGlite in process (`dataDir`, which no other process may hold).
 * With `dutiesSecret` (the portal's secret), also what every answer of the portal must do
 * (bench/lib/bare-database-server.mjs).
 */
export async function startBareDatabaseServer(database: { databaseUrl?: string; dataDir?: string }, dutiesSecret?: string): Promise<Server> {
  return launch(
    ['--import', 'tsx', path.join(root, 'bench/lib/bare-database-server.mjs')],
    { ...process.env, PORT: '0', DATABASE_URL: database.databaseUrl ?? '', DATA_DIR: database.dataDir ?? '', BARE_DUTIES: dutiesSecret ?? '' },
    'server ready at',
  )
}

export type AppOptions = {
  /** PostgreSQL database URL; omitted: PGlite in `dataDir`. */
  databaseUrl?: string
  /** PGlite's DATA_DIR (a fresh temporary one when omitted; removed on stop unless given). */
  dataDir?: string
  secret?: string
  /** The port to listen on (a free one when omitted): a restarted server keeps its address. */
  port?: number
  /** Write a V8 CPU profile of the server to this directory on stop. */
  cpuProfileDir?: string
  env?: Record<string, string>
}

/** Every limit off, so the bench measures the work and not the refusals (sec-auth's variables). */
const RATE_LIMITS_OFF = {
  RATE_LIMIT_SIGN_IN_PER_IP: '0',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '0',
  RATE_LIMIT_RESET_PER_IP: '0',
  RATE_LIMIT_RESET_PER_ACCOUNT: '0',
}

/** The seeded admin signs in with a password alone (lib/seed.ts): figure 5 measures the list, not 2FA. */
const ADMIN_WITHOUT_2FA = { REQUIRE_ADMIN_2FA: 'false' }

export type App = Server & { secret: string; dataDir: string; dialect: 'pglite' | 'postgres' }

/** The real server, as `npm start` runs it after a build, in production mode. */
export async function startApp(options: AppOptions = {}): Promise<App> {
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const ownsDataDir = !options.dataDir
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sws-bench-'))
  const secret = options.secret ?? randomBytes(32).toString('base64url')
  // A profile names the sources' files, so a profiled server runs them under tsx; any other runs
  // the bundle `npm start` runs (built by `npm run build`, or buildServer()).
  const program = options.cpuProfileDir
    ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir, '--import', 'tsx', 'src/server/index.ts']
    : [...serverNodeFlags, serverBundle]
  const server = await launch(
    program,
    {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      BETTER_AUTH_SECRET: secret,
      SMTP_URL: '',
      ...RATE_LIMITS_OFF,
      ...ADMIN_WITHOUT_2FA,
      ...options.env,
    },
    'Portal ready at',
    () => {
      if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  )
  return { ...server, url, secret, dataDir, dialect: options.databaseUrl ? 'postgres' : 'pglite' }
}
