import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { inject } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/** A fresh directory under the run's temporary root (removed when the run ends). */
export function tempDir(prefix = 'data-'): string {
  return fs.mkdtempSync(path.join(inject('e2eTempRoot'), prefix))
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
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
  const url = `http://localhost:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))

  await waitForReady(child, () => output)
  const adminPassword = /Temporary password: (\S+)/.exec(output)?.[1]
  return {
    url,
    port,
    dataDir,
    output: () => output,
    adminPassword,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill(signal)
      }),
  }
}

function waitForReady(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output()}`)), 60_000)
    const check = () => {
      if (output().includes('Portal ready at')) {
        clearTimeout(timer)
        child.stdout!.off('data', check)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The server exited with ${code}:\n${output()}`))
    })
  })
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
