// Figure 11: the dashboard's read and the module toggle at once, as learners use the portal:
// 50 connections, each a different signed-in learner, sending 90 % GET /api/progress and 10 %
// PUT /api/progress/:n, on both databases, against bare node:http.
import { LOAD_LEARNERS, measureBaseline, targets, type Context, type Target } from '../lib/context'
import { expectOk, load, type LoadResult, type Request } from '../lib/load'
import { learnerCookie } from '../lib/seed'
import { ms, percent, perSecond } from '../lib/table'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = 3
const MAX_READ_P99_MS = 50
const MAX_WRITE_P99_MS = 150
/** Reads between two writes: 9 reads and 1 write in every 10 requests. */
const READS_PER_WRITE = 9

/**
 * Connection `index`'s requests as learner `n`, in a cycle of 20: nine reads, a write completing
 * the learner's first incomplete module, nine reads, a write undoing it. Each connection starts at
 * its own place in the cycle, so the writes are spread over the load rather than arriving together.
 */
export function mixedRequests(url: string, secret: string, index: number): Request[] {
  const n = (index % LOAD_LEARNERS) + 1
  const cookie = learnerCookie(n, secret)
  const read: Request = { kind: 'read', path: '/api/progress', headers: { cookie, accept: 'application/json' } }
  const write = (completed: boolean): Request => ({
    kind: 'write',
    method: 'PUT',
    path: `/api/progress/${(n % 8) + 1}`,
    headers: { cookie, origin: url, accept: 'application/json' },
    body: JSON.stringify({ completed }),
  })
  const reads = Array.from({ length: READS_PER_WRITE }, () => read)
  const cycle = [...reads, write(true), ...reads, write(false)]
  const start = index % cycle.length
  return [...cycle.slice(start), ...cycle.slice(0, start)]
}

const mixedLoad = (target: Target, seconds: number): Promise<LoadResult> =>
  load({
    url: target.app.url,
    connections: CONNECTIONS,
    duration: seconds,
    perConnection: (index) => mixedRequests(target.app.url, target.app.secret, index),
  })

export async function figure11(context: Context) {
  if (!context.postgres) {
    context.rows.push({ figure: '11. Mixed load, PostgreSQL', value: 'not run: no PostgreSQL', target: `reads' p99 ≤ ${MAX_READ_P99_MS} ms, writes' ≤ ${MAX_WRITE_P99_MS} ms, 0 non-2xx` })
  }
  for (const target of targets(context)) {
    context.log(`Figure 11 on ${target.label}: 90 % GET /api/progress, 10 % PUT /api/progress/:n, ${CONNECTIONS} connections, ${SECONDS} s`)
    const first = mixedRequests(target.app.url, target.app.secret, 0)
    await expectOk(target.app.url, first[0]!)
    await expectOk(target.app.url, first[READS_PER_WRITE]!)
    await mixedLoad(target, WARM_UP_SECONDS)
    const baseline = await measureBaseline(context, CONNECTIONS, SECONDS / 2)
    const result = await mixedLoad(target, SECONDS)
    const reads = result.kinds?.read ?? { p99: 0, non2xx: 0, total: 0 }
    const writes = result.kinds?.write ?? { p99: 0, non2xx: 0, total: 0 }
    // Answers not counted as a read or a write: timeouts and connection errors.
    const unanswered = result.failures - reads.non2xx - writes.non2xx
    const name = `11. Mixed load, ${target.label}`
    const writeShare = writes.total / (reads.total + writes.total || 1)
    context.rows.push(
      { figure: `${name}: requests/s (${percent(writeShare)} writes)`, value: perSecond(result.rps), baseline: perSecond(baseline.rps), ratio: percent(result.rps / baseline.rps) },
      { figure: `${name}: reads' p99`, value: ms(reads.p99), baseline: ms(baseline.p99), target: `≤ ${MAX_READ_P99_MS} ms`, pass: reads.total > 0 && reads.p99 <= MAX_READ_P99_MS },
      { figure: `${name}: writes' p99`, value: ms(writes.p99), baseline: ms(baseline.p99), target: `≤ ${MAX_WRITE_P99_MS} ms`, pass: writes.total > 0 && writes.p99 <= MAX_WRITE_P99_MS },
      {
        figure: `${name}: non-2xx (reads, writes, no answer)`,
        value: `${result.failures} (${reads.non2xx}, ${writes.non2xx}, ${unanswered})`,
        target: '0',
        pass: result.failures === 0,
      },
      // Each connection waits for its answer before asking again: at 50 connections, a mean
      // latency of 50 ms is 1,000 answers/s, and no p99 is below the mean.
      {
        figure: `11. (${target.label}: mean latency of all answers; a ${MAX_READ_P99_MS} ms mean at ${CONNECTIONS} connections is ${perSecond((CONNECTIONS * 1000) / MAX_READ_P99_MS)})`,
        value: ms(result.mean),
      },
    )
  }
}
