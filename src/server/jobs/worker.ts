import type { Db } from '../db/client'
import { logger } from '../observability/logger'
import { enqueuePeriodic, pruneFinishedJobs, runDueJobs, type JobHandler, type PeriodicJob } from './queue'

type WorkerOptions = {
  db: Db
  handlers: Readonly<Record<string, JobHandler>>
  periodic: readonly PeriodicJob[]
  pollMs: number
}

/**
 * Runs the queue in this process: every `pollMs` it adds the periodic jobs that are due and runs
 * every due job. One process of a cluster runs it (src/server/cluster.ts); the queue itself keeps
 * two from running one job, so a second machine on the same PostgreSQL is safe too. `stop`
 * waits for the job in hand.
 */
export function startJobWorker({ db, handlers, periodic, pollMs }: WorkerOptions) {
  let current: Promise<void> | undefined
  let lastPrune = 0
  const tick = async () => {
    const now = new Date()
    await enqueuePeriodic(db, periodic, now)
    await runDueJobs(db, {
      handlers,
      onError: (job, error) => logger.warn({ err: error, job: job.name, attempt: job.attempts }, `The job "${job.name}" failed`),
    })
    if (now.getTime() - lastPrune > 3600_000) {
      lastPrune = now.getTime()
      await pruneFinishedJobs(db, now)
    }
  }
  const run = () => {
    if (current) return
    // A database that is away now is tried again at the next tick.
    current = tick()
      .catch((error: unknown) => logger.warn({ err: error }, 'The job queue could not run'))
      .finally(() => (current = undefined))
  }
  run()
  const timer = setInterval(run, pollMs)
  timer.unref()
  return {
    /** Runs a tick now (after the one in hand): a job just queued need not wait for the next. */
    wake: run,
    async stop() {
      clearInterval(timer)
      await current
    },
  }
}
