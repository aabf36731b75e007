import cluster, { type Worker } from 'node:cluster'
import type { Env } from './env'
import { logger } from './observability/logger'
import { serveClusterMetrics } from './observability/metrics'

/**
 * WEB_CONCURRENCY's primary: forks that many server processes, which share the port (Node's
 * cluster hands each new connection to the next one). It opens no database and serves nothing
 * itself. A process that dies after it was listening is replaced; one that cannot start stops the
 * whole group, since its siblings would fail the same way. SIGTERM and SIGINT are passed on, and
 * the primary ends once every process has finished its requests
 * (docs/decisions/0044-several-processes-per-machine.md).
 */
export function runCluster(env: Env): void {
  if (env.metrics.enabled) serveClusterMetrics()
  logger.info(`Starting ${env.webConcurrency} server processes (WEB_CONCURRENCY)`)
  const listening = new WeakSet<Worker>()
  const alive = new Set<Worker>()
  // One process runs the timed jobs (nightly backups); when it dies, its replacement takes them over.
  let scheduler: Worker | undefined
  const fork = () => {
    const runsSchedules = scheduler === undefined
    const worker = cluster.fork({ PORTAL_SCHEDULER: runsSchedules ? '1' : '0' })
    if (runsSchedules) scheduler = worker
    alive.add(worker)
  }
  let stopping = false
  let exitCode = 0

  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true
    for (const worker of alive) worker.process.kill(signal)
  }

  cluster.on('listening', (worker) => listening.add(worker))
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker)
    if (worker === scheduler) scheduler = undefined
    if (!stopping && listening.has(worker)) {
      logger.error({ workerPid: worker.process.pid, code, signal }, 'A server process stopped unexpectedly; starting another')
      fork()
      return
    }
    if (!stopping) {
      logger.fatal({ workerPid: worker.process.pid, code }, 'A server process could not start; stopping the others')
      exitCode = 1
      stopAll('SIGTERM')
    } else if (code !== 0) exitCode = 1
    if (alive.size === 0) process.exit(exitCode)
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll('SIGTERM'))
  for (let i = 0; i < env.webConcurrency; i += 1) fork()
}
