import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'
import { freePort, startServer } from '../../src/server/test/server-process'

const root = path.resolve(import.meta.dirname, '../..')

/** A fresh directory under the run's temporary root (removed when the run ends). */
export function tempDir(prefix = 'data-'): string {
  return fs.mkdtempSync(path.join(inject('e2eTempRoot'), prefix))
}

export type Portal = {
  url: string
  port: number
  dataDir: string
  output: () => string
  /** The admin's temporary password printed on the first start. */
  adminPassword: string | undefined
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

type PortalOptions = { dataDir?: string; port?: number; env?: Record<string, string> }

/** The real server, started as `npm start` would, on a temporary DATA_DIR and a free port. */
export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  const dataDir = options.dataDir ?? tempDir()
  const port = options.port ?? (await freePort())
  const server = await startServer(dataDir, port, {
    // Every browser here comes from 127.0.0.1: the per-address limits would add up across
    // tests. The per-account limits stay at their defaults (auth.e2e.ts shows one in a toast).
    RATE_LIMIT_SIGN_IN_PER_IP: '0',
    RATE_LIMIT_RESET_PER_IP: '0',
    // The flows of the other files sign admins in with a password alone; two-factor.e2e.ts runs
    // with REQUIRE_ADMIN_2FA=true, the default, and walks the first admin through setting it up.
    REQUIRE_ADMIN_2FA: 'false',
    ...options.env,
  })
  return {
    url: server.url,
    port,
    dataDir,
    output: server.output,
    adminPassword: /Temporary password: (\S+)/.exec(server.output())?.[1],
    stop: server.kill,
  }
}

/** Runs the user-creation CLI against a stopped portal's DATA_DIR. */
export async function createUserWithCli(dataDir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/user-create.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(output))))
  })
}
