import fs from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { startBackups } from './backup/backup-service'
import { DataDirLockedError } from './db/data-dir-lock'
import type { Env } from './env'
import { hasFfmpeg } from './media/ffmpeg'
import { portalJobHandlers, PERIODIC_JOBS } from './jobs/portal-jobs'
import { releaseLeases } from './jobs/queue'
import { startJobWorker } from './jobs/worker'
import { resumeProcessingAtStart } from './media/maintenance'
import { openMediaStorage } from './media/open-storage'
import { logger } from './observability/logger'
import { loadPageRenderers } from './pages/signed-in-pages'
import { projectRoot } from './project-root'
import { openRuntime } from './runtime'
import { ensureAdmin } from './services/bootstrap'
import { releaseInterruptedSends } from './services/email-journeys/send'

const SHUTDOWN_GRACE_MS = 10_000

/** The nightly backups' lines, as structured log lines like every other line of the server. */
const backupLog = { log: (message: string) => logger.info(message), error: (message: string) => logger.error(message) }
const clientDir = path.join(projectRoot, 'dist/client')
const coursePagesFile = path.join(projectRoot, 'dist/course-pages.json')

/** JOBS_PAUSE_BEFORE_SEND: a test kills the process while an e-mail job is taken and not yet sent. */
function pauseForever(): Promise<void> {
  logger.warn('JOBS_PAUSE_BEFORE_SEND: an e-mail job is taken and waits here, unsent')
  return new Promise(() => {})
}

function fail(error: unknown): never {
  if (error instanceof DataDirLockedError) console.error(error.message)
  else logger.fatal({ err: error }, 'The server could not start')
  process.exit(1)
}

/**
 * One server process: opens the database (migrating it), makes the first admin if there is none,
 * starts the nightly backups and the audit log's prune, listens, and on SIGTERM or SIGINT
 * finishes the requests in flight (10 s at most) before it stops, answering readiness checks with
 * 503 meanwhile.
 */
export async function runServer(env: Env): Promise<void> {
  const hasClient = fs.existsSync(`${clientDir}/index.html`)
  if (!hasClient) logger.warn('No built client in dist/client: serving the API only. Run "npm run build".')
  // Loaded while the database opens: it waits on the disk and WebAssembly, this on compiling the client's modules.
  const pageRenderers = hasClient ? loadPageRenderers(coursePagesFile).catch(fail) : undefined
  const runtime = await openRuntime(env).catch(fail)
  // Printed to the terminal, not logged: the one place a password is shown (docs/decisions/0042-structured-logs-and-request-ids.md).
  await ensureAdmin(runtime.db, env.adminEmail, console.log, { requireAdminTwoFactor: env.requireAdminTwoFactor })

  const renderers = await pageRenderers
  const mediaStorage = await openMediaStorage(env)
  let isStopping = false
  const app = createApp({
    ...runtime,
    mediaStorage,
    clientDir: hasClient ? clientDir : undefined,
    ...renderers,
    isDraining: () => isStopping,
  })
  if (!(await hasFfmpeg())) logger.warn('ffmpeg not found: uploaded videos are kept as they are, without a poster or their length (README, "Adding a video").')
  // The timed jobs, in one process of a cluster only (src/server/cluster.ts): nightly backups
  // (BACKUP_DIR) on their own timer; the rest on the job queue (docs/decisions/0088-job-queue.md):
  // the e-mail journeys, login details retried, the media tidy-up, the audit log's daily prune.
  const backups = env.runsSchedules ? await startBackups(runtime, { log: backupLog }).catch(fail) : undefined
  const isOnlyProcess = runtime.database.dialect === 'pglite'
  if (env.runsSchedules && isOnlyProcess) {
    // The embedded database has one process: whatever a previous one held when it died is free again.
    await releaseLeases(runtime.db)
    await releaseInterruptedSends(runtime.db)
  }
  const jobs = env.runsSchedules
    ? startJobWorker({
        db: runtime.db,
        periodic: PERIODIC_JOBS,
        pollMs: env.jobsPollMs,
        handlers: portalJobHandlers({
          ...runtime,
          mediaStorage,
          auditRetentionDays: env.auditRetentionDays,
          beforeSend: env.pauseBeforeSend ? pauseForever : undefined,
        }),
      })
    : undefined
  // Videos a stopped process left half processed (docs/decisions/0070-interrupted-processing-and-lesson-media-checks.md).
  if (env.runsSchedules) {
    await resumeProcessingAtStart(runtime.db, mediaStorage, runtime.database.dialect === 'pglite').catch((error: unknown) =>
      logger.error(`Resuming interrupted video processing failed: ${String(error)}`),
    )
  }

  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    const database = runtime.database.dialect === 'pglite' ? `embedded database in ${env.dataDir}` : 'PostgreSQL'
    logger.info(`Portal ready at ${env.publicUrl} (listening on port ${info.port}, ${database})`)
  }) as Server

  async function shutdown(signal: string) {
    if (isStopping) return
    isStopping = true
    logger.info(`${signal} received: finishing open requests, then stopping.`)
    const force = setTimeout(() => {
      logger.error('Requests still open after 10 s; stopping anyway.')
      server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
    })
    await jobs?.stop()
    await backups?.close()
    await runtime.close()
    logger.info('Stopped.')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}
