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
 * A backlog of jobs (a scan's burst of e-mails, each rendered on this thread) takes about a fifth
 * of the thread at most: jobs for this long, then a rest, then jobs again
 * (docs/decisions/0105-journeys-scan-in-one-pass-and-jobs-in-slices.md).
 */
export const JOB_SLICE_MS = 200
export const JOB_REST_MS = 800

/**
 * Runs the queue in this process: every `pollMs` it adds the periodic jobs that are due and runs
 * the due jobs, in slices of JOB_SLICE_MS while a backlog lasts. One process of a cluster runs it
 * (src/server/cluster.ts); the queue itself keeps two from running one job, so a second machine on
 * the same PostgreSQL is safe too. `stop` waits for the job in hand.
 */
export function startJobWorker({ db, handlers, periodic, pollMs }: WorkerOptions) {
  let current: Promise<void> | undefined
  let stopped = false
  let lastPrune = 0
  const tick = async () => {
    const now = new Date()
    await enqueuePeriodic(db, periodic, now)
    const started = performance.now()
    await runDueJobs(db, {
      handlers,
      budgetMs: JOB_SLICE_MS,
      onError: (job, error) => logger.warn({ err: error, job: job.name, attempt: job.attempts }, `The job "${job.name}" failed`),
    })
    // The slice ran out: more may be due, after a rest rather than at the next poll.
    if (performance.now() - started >= JOB_SLICE_MS) setTimeout(run, JOB_REST_MS).unref()
    if (now.getTime() - lastPrune > 3600_000) {
      lastPrune = now.getTime()
      await pruneFinishedJobs(db, now)
    }
  }
  const run = () => {
    if (current || stopped) return
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
      stopped = true
      clearInterval(timer)
      await current
    },
  }
}
