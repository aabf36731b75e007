// Figure 1: authenticated GET /api/progress (on PostgreSQL the session check and the progress in
// one statement; on PGlite two), 50 connections, each a different signed-in learner, against bare
// node:http; on PostgreSQL also against bare node:http + pg sending the same statement, without and
// with the duties every answer of the portal has. PostgreSQL's target is relative to that last
// floor, measured in the same run (docs/decisions/0092-capacity-and-the-learner-model.md).
import { LOAD_LEARNERS, measureBaseline, targets, type Context, type Target } from '../lib/context'
import { expectOk, load, type LoadResult, type Request } from '../lib/load'
import { bareDatabaseRows, measureBareDatabase } from '../lib/bare-database'
import { databaseAlone } from '../lib/database-alone'
import { learnerCookie } from '../lib/seed'
import { ms, percent, perSecond, type Row } from '../lib/table'

export const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_FIGURE1_SECONDS ?? 20)
const WARM_UP_SECONDS = 3
/** PGlite: of bare node:http. PostgreSQL: of bare node:http + pg + the portal's duties (DUTIES_LABEL). */
const MIN_RATIO: Record<Target['label'], number> = { PostgreSQL: 0.85, PGlite: 0.1 }
const MAX_P99_MS: Record<Target['label'], number> = { PostgreSQL: 30, PGlite: 25 }
/** The second floor row: the bare server doing also what every answer of the portal must. */
export const DUTIES_LABEL = 'the same + cookie HMAC, security headers, request id, log line'

/** GET /api/progress as learner `n` (learners 1..n are seeded). */
export const progressRead = (target: Target, n: number): Request[] => [
  { path: '/api/progress', headers: { cookie: learnerCookie(n, target.app.secret), accept: 'application/json' } },
]

/** Figure 1's requests: each connection a learner of 1..learners. */
const perLearner = (target: Target, learners: number) => (index: number) => progressRead(target, (index % learners) + 1)

/** Figure 1's load. */
export async function measureProgressRead(target: Target, seconds: number, learners = LOAD_LEARNERS): Promise<LoadResult> {
  await expectOk(target.app.url, progressRead(target, 1)[0]!)
  return load({ url: target.app.url, connections: CONNECTIONS, duration: seconds, perConnection: perLearner(target, learners) })
}

export async function figure1(context: Context) {
  for (const target of targets(context)) {
    context.log(`Figure 1 on ${target.label}: GET /api/progress, ${CONNECTIONS} connections, ${SECONDS} s`)
    await measureProgressRead(target, WARM_UP_SECONDS)
    const baseline = await measureBaseline(context, CONNECTIONS, Math.min(10, SECONDS / 2))
    const result = await measureProgressRead(target, SECONDS)
    const name = `1. GET /api/progress, ${target.label}`
    const floorRows: Row[] = []
    // PGlite: against bare node:http. PostgreSQL: against the floor of any Node server sending the
    // same statement and doing what every answer must (15 % of bare node:http was out of reach on
    // two cores, where that floor itself reached 10–11 %).
    let floor = { rps: baseline.rps, label: 'bare node:http' }
    // On PGlite the portal answers from its coherent cache (decision 0061): no statement to compare.
    if (target.label === 'PostgreSQL') {
      const bare = await measureBareDatabase(target, CONNECTIONS, Math.min(10, SECONDS / 2), perLearner(target, LOAD_LEARNERS))
      floorRows.push(...bareDatabaseRows('1', 'bare node:http + pg, the same statement, cookie HMAC unchecked', bare, baseline))
      const withDuties = await measureBareDatabase(target, CONNECTIONS, Math.min(10, SECONDS / 2), perLearner(target, LOAD_LEARNERS), { withDuties: true })
      floorRows.push(...bareDatabaseRows('1', DUTIES_LABEL, withDuties, baseline))
      floor = { rps: withDuties.rps, label: 'of the duties floor' }
    }
    const ratio = result.rps / floor.rps
    context.rows.push(
      {
        figure: `${name}: requests/s`,
        value: perSecond(result.rps),
        baseline: perSecond(baseline.rps),
        ratio: percent(result.rps / baseline.rps),
        target: target.label === 'PostgreSQL' ? `≥ ${percent(MIN_RATIO.PostgreSQL)} ${floor.label} (${percent(ratio)})` : `≥ ${percent(MIN_RATIO.PGlite)}`,
        pass: ratio >= MIN_RATIO[target.label],
      },
      { figure: `${name}: p99`, value: ms(result.p99), baseline: ms(baseline.p99), target: `≤ ${MAX_P99_MS[target.label]} ms`, pass: result.p99 <= MAX_P99_MS[target.label] },
      { figure: `${name}: non-2xx`, value: String(result.failures), target: '0', pass: result.failures === 0 },
    )
    const alone = await databaseAlone(target, 'read', Math.min(10, SECONDS / 2))
    if (alone) context.rows.push({ figure: `1. (${alone.label})`, value: perSecond(alone.tps), baseline: perSecond(baseline.rps), ratio: percent(alone.tps / baseline.rps) })
    context.rows.push(...floorRows)
  }
}
