import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { serverBundle, serverNodeFlags } from '../../../scripts/server-build.mjs'

const root = path.resolve(import.meta.dirname, '../../..')

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

export type ServerProcess = {
  url: string
  /** The process's id (a cluster's primary). */
  pid: number
  /** Its exit code, or null while it runs (or when a signal ended it). */
  exitCode: () => number | null
  output: () => string
  /** The process that answered a request (one of a cluster's): the pid on the log line with the request's id. */
  pidOf: (requestId: string) => Promise<number>
  /** Sends the signal and waits for the process to end; its exit code (null when killed by the signal). */
  kill: (signal?: NodeJS.Signals) => Promise<number | null>
}

/**
 * The real server as `npm start` runs it (its bundle, dist/server/index.mjs, which each run's global
 * setup builds) on an embedded database in dataDir.
 * With `WEB_CONCURRENCY` in env, it resolves once that many processes are listening.
 */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const url = `http://localhost:${port}`
  const child = spawn(process.execPath, [...serverNodeFlags, serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  await waitForReady(child, () => output, Number(env.WEB_CONCURRENCY ?? 1))
  return {
    url,
    pid: child.pid!,
    exitCode: () => child.exitCode,
    output: () => output,
    async pidOf(requestId) {
      for (let tries = 0; tries < 500; tries += 1) {
        const line = output.split('\n').find((text) => text.includes(`"requestId":"${requestId}"`))
        if (line) return (JSON.parse(line) as { pid: number }).pid
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      throw new Error(`No log line for ${requestId}:\n${output}`)
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** Resolves when each process prints that it is ready; gives up (and kills it) after two minutes. */
function waitForReady(child: ChildProcess, output: () => string, processes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`The server did not start within 2 minutes:\n${output()}`))
    }, 120_000)
    const check = () => {
      if (output().split('Portal ready at').length - 1 < processes) return
      clearTimeout(timer)
      child.stdout!.off('data', check)
      resolve()
    }
    child.stdout!.on('data', check)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`The server exited (${code ?? signal}):\n${output()}`))
    })
  })
}
