import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { job } from '../db/schema'
import { createHarness, type Harness } from '../test/harness'
import { enqueue, runDueJobs, type JobHandler } from './queue'

// A backlog of jobs must not hold the server's thread: between two jobs what else is waiting runs,
// and a budget stops a run from taking new jobs (the worker runs the rest after a rest).

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())
beforeEach(async () => {
  await h.db.delete(job)
})

/** A job whose work is on this thread for `ms`, as an e-mail's render and PDF are. */
const busyFor = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until);
}

async function queueJobs(count: number) {
  for (let index = 0; index < count; index += 1) await enqueue(h.db, { name: 'busy', payload: { index } })
}

describe('runDueJobs', () => {
  it('lets a timer that fell due during a job run before the next job, not after the backlog', async () => {
    await queueJobs(5)
    const order: string[] = []
    const handlers: Record<string, JobHandler> = {
      busy: async (payload) => {
        if (payload.index === 0) setTimeout(() => order.push('timer'), 0)
        busyFor(20)
        order.push(`job ${String(payload.index)}`)
      },
    }
    expect(await runDueJobs(h.db, { handlers })).toBe(5)
    expect(order.indexOf('timer')).toBeGreaterThan(0)
    expect(order.indexOf('timer')).toBeLessThan(order.length - 1)
  })

  it('takes no new job once its budget is spent, and leaves the rest waiting', async () => {
    await queueJobs(10)
    const handlers: Record<string, JobHandler> = { busy: async () => busyFor(40) }
    // 40 ms each against a budget of 100 ms: by the end of the third, 120 ms have passed.
    const ran = await runDueJobs(h.db, { handlers, budgetMs: 100 })
    expect(ran).toBeGreaterThanOrEqual(1)
    expect(ran).toBeLessThanOrEqual(3)
    expect(await h.db.select({ id: job.id }).from(job).where(eq(job.state, 'waiting'))).toHaveLength(10 - ran)
    expect(await runDueJobs(h.db, { handlers })).toBe(10 - ran)
  })
})
