import { setImmediate } from 'node:timers/promises'
import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { job } from '../db/schema'

/**
 * The durable job queue (docs/decisions/0088-job-queue.md): one table, the same on PGlite and
 * PostgreSQL. A job is taken with FOR UPDATE SKIP LOCKED under a lease, so two processes never
 * run it at once and one that dies mid-job leaves it to be taken again once the lease is over.
 */
export type JobRecord = typeof job.$inferSelect
export type JobPayload = Record<string, unknown>
export type JobHandler = (payload: JobPayload, context: { job: JobRecord; now: Date }) => Promise<void>
/** A job the queue adds once per period, across every process: the period's number is in its key. */
export type PeriodicJob = { name: string; everyMs: number }

/** How long a taken job is its process's before another may take it: longer than any job runs. */
export const LEASE_MS = 5 * 60 * 1000
const FIRST_RETRY_MS = 60 * 1000
const LONGEST_RETRY_MS = 60 * 60 * 1000
/** Finished jobs are kept this long: their keys keep a periodic job from running twice in a period. */
const KEEP_FINISHED_MS = 7 * 24 * 3600 * 1000
const ERROR_MAX = 300

export type Enqueue = {
  name: string
  payload?: JobPayload
  /** At most one job with this key ever (until the finished one is pruned): a second enqueue adds nothing. */
  key?: string
  runAt?: Date
  maxAttempts?: number
}

/** Adds the job; answers false when one with the same key already exists. */
export async function enqueue(db: Pick<Db, 'insert'>, { name, payload = {}, key, runAt = new Date(), maxAttempts = 8 }: Enqueue): Promise<boolean> {
  const added = await db
    .insert(job)
    .values({ id: randomUUID(), name, payload, key, runAt, maxAttempts })
    .onConflictDoNothing({ target: job.key })
    .returning({ id: job.id })
  return added.length > 0
}

/** After n failed attempts the next waits a minute × 2ⁿ⁻¹, never more than an hour. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS)

/** Takes the job due soonest, if any, under a lease: one statement, so no two processes take the same one. */
export async function takeDueJob(db: Db, now: Date): Promise<JobRecord | undefined> {
  const due = db
    .select({ id: job.id })
    .from(job)
    .where(and(eq(job.state, 'waiting'), sql`${job.runAt} <= ${now}`, sql`(${job.lockedUntil} is null or ${job.lockedUntil} <= ${now})`))
    .orderBy(job.runAt)
    .limit(1)
    .for('update', { skipLocked: true })
  const [taken] = await db
    .update(job)
    .set({ attempts: sql`${job.attempts} + 1`, lockedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(sql`${job.id} = (${due})`)
    .returning()
  return taken
}

async function finish(db: Db, taken: JobRecord, now: Date) {
  await db.update(job).set({ state: 'done', finishedAt: now, lockedUntil: null, lastError: null }).where(eq(job.id, taken.id))
}

async function fail(db: Db, taken: JobRecord, error: unknown, now: Date) {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX)
  const isLast = taken.attempts >= taken.maxAttempts
  await db
    .update(job)
    .set(
      isLast
        ? { state: 'dead', finishedAt: now, lockedUntil: null, lastError }
        : { runAt: new Date(now.getTime() + retryDelayMs(taken.attempts)), lockedUntil: null, lastError },
    )
    .where(eq(job.id, taken.id))
}

export type RunOptions = {
  handlers: Readonly<Record<string, JobHandler>>
  now?: () => Date
  onError?: (taken: JobRecord, error: unknown) => void
  /** Stops after this many jobs, for a tick that must not run forever under a flood. */
  limit?: number
  /** Takes no new job once this long has passed since the first: the job in hand still finishes. */
  budgetMs?: number
}

/**
 * Runs every due job, one at a time; answers how many ran (succeeded or not). Between two jobs the
 * requests that arrived meanwhile are served first: a job's work is on the server's one thread
 * (an e-mail's render and its certificate PDF; on PGlite the database too), and a burst of them
 * in a row would hold every learner's request until the last.
 */
export async function runDueJobs(db: Db, { handlers, now = () => new Date(), onError, limit = 100, budgetMs = Infinity }: RunOptions): Promise<number> {
  const started = performance.now()
  let ran = 0
  const mayTakeMore = async () => {
    if (ran >= limit || performance.now() - started >= budgetMs) return false
    await setImmediate()
    return true
  }
  for (let taken = await takeDueJob(db, now()); taken; taken = (await mayTakeMore()) ? await takeDueJob(db, now()) : undefined) {
    ran += 1
    const handler = handlers[taken.name]
    try {
      if (!handler) throw new Error(`No handler for the job "${taken.name}"`)
      await handler(taken.payload, { job: taken, now: now() })
      await finish(db, taken, now())
    } catch (error) {
      onError?.(taken, error)
      await fail(db, taken, error, now())
    }
  }
  return ran
}

/** Adds each periodic job for the current period, unless a process already did. */
export async function enqueuePeriodic(db: Db, periodic: readonly PeriodicJob[], now: Date): Promise<void> {
  for (const { name, everyMs } of periodic) {
    await enqueue(db, { name, key: `every:${name}:${Math.floor(now.getTime() / everyMs)}`, runAt: now, maxAttempts: 1 })
  }
}

/**
 * At the start of the only process there is (the embedded database), a lease still held was
 * held by a process that is gone: its jobs are due again now rather than when the lease ends.
 */
export async function releaseLeases(db: Db): Promise<void> {
  await db.update(job).set({ lockedUntil: null }).where(and(eq(job.state, 'waiting'), isNotNull(job.lockedUntil)))
}

export async function pruneFinishedJobs(db: Db, now: Date): Promise<void> {
  await db.delete(job).where(and(isNotNull(job.finishedAt), lt(job.finishedAt, new Date(now.getTime() - KEEP_FINISHED_MS))))
}
