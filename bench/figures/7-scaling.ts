// Figure 7: figure 1's load at 1, 10, 100, 1,000 and 10,000 stored learners, on PostgreSQL and
// on PGlite: requests/s at each size, as ratios of bare node:http measured in the same rounds,
// must stay within 10 % on each database.
import type { Database } from '../../src/server/db/client'
import { measureBaseline, type Context, type Target } from '../lib/context'
import { createPgliteDatabase, createPostgresDatabase, findPostgres, type BenchDatabase } from '../lib/database'
import { seedAdmin, seedLearners, settle } from '../lib/seed'
import { startApp } from '../lib/servers'
import { ms, percent, perSecond } from '../lib/table'
import { CONNECTIONS, measureProgressRead } from './1-progress-read'

const POINTS = [1, 10, 100, 1_000, 10_000]
/**
 * Rounds over every point; in each, every point is measured once for TURN_SECONDS. With five, a
 * point's median moved by 6–16 % from one run to the next on PostgreSQL, more than the target
 * (docs/decisions/0074-scaling-figure-in-rounds.md).
 */
const ROUNDS = Number(process.env.BENCH_SCALING_ROUNDS ?? 9)
const TURN_SECONDS = 2
const MAX_SPREAD = 0.1
/** Each turn's portal is a fresh process: long enough for V8 to compile the hot path. */
const WARM_UP_SECONDS = 3

type Point = { learners: number; database: BenchDatabase; rates: number[]; p99: number; failures: number }

export async function figure7(context: Context) {
  const server = context.postgres && (await findPostgres())
  if (server) await scaling(context, 'PostgreSQL', (learners) => createPostgresDatabase(server, seed(learners)))
  else context.rows.push({ figure: SPREAD('PostgreSQL'), value: 'not run: no PostgreSQL', target: SPREAD_TARGET })
  await scaling(context, 'PGlite', (learners) => createPgliteDatabase(seed(learners)))
  // The figures after this one have always run on a PostgreSQL database of 10,000 learners.
  await context.growPostgres(POINTS.at(-1)!)
}

const seed = (learners: number) => async (database: Database) => {
  await seedAdmin(database)
  await seedLearners(database, 1, learners)
  await settle(database)
}

/**
 * One database per point, measured in rounds, in turn: forwards, then backwards, so a machine that
 * speeds up or slows down (other work on it comes and goes) weighs on every point alike; the bare
 * node:http baseline at the start of each round. Every turn is a fresh portal, warmed up: two
 * portal processes on the same database differ by several percent, so each point's rate, the
 * median of its rounds, is that of nine processes (docs/performance.md, figure 7).
 */
async function scaling(context: Context, label: Target['label'], create: (learners: number) => Promise<BenchDatabase>) {
  const points: Point[] = []
  try {
    for (const learners of POINTS) {
      context.log(`Figure 7 on ${label}: a database of ${learners.toLocaleString('en')} learners`)
      points.push({ learners, database: await create(learners), rates: [], p99: 0, failures: 0 })
    }
    const baselines: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      context.log(`Figure 7 on ${label}: round ${round + 1} of ${ROUNDS}, ${CONNECTIONS} connections, ${TURN_SECONDS} s per point`)
      baselines.push((await measureBaseline(context, CONNECTIONS, TURN_SECONDS / 2)).rps)
      for (const point of round % 2 === 0 ? points : points.toReversed()) await measureTurn(point, label)
    }
    pushPoints(context, label, points, median(baselines))
  } finally {
    for (const point of points) await point.database.drop()
  }
}

async function measureTurn(point: Point, label: Target['label']) {
  const { database, learners } = point
  const app = await startApp({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
  try {
    const target: Target = { app, database, label, learners }
    // Every point reads learner 1, the one learner there is at the first point.
    await measureProgressRead(target, WARM_UP_SECONDS, 1)
    const result = await measureProgressRead(target, TURN_SECONDS, 1)
    point.rates.push(result.rps)
    point.p99 = Math.max(point.p99, result.p99)
    point.failures += result.failures
  } finally {
    await app.stop()
  }
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!

function pushPoints(context: Context, label: Target['label'], points: Point[], baseline: number) {
  const ratios = points.map((point) => median(point.rates) / baseline)
  points.forEach((point, index) =>
    context.rows.push({
      figure: `7. GET /api/progress, ${label}, ${point.learners.toLocaleString('en')} learners (median of ${ROUNDS} rounds; highest p99 ${ms(point.p99)})`,
      value: perSecond(median(point.rates)),
      baseline: perSecond(baseline),
      ratio: percent(ratios[index]!),
      pass: point.failures === 0 ? undefined : false,
    }),
  )
  const spread = 1 - Math.min(...ratios) / Math.max(...ratios)
  context.rows.push({ figure: SPREAD(label), value: percent(spread), target: SPREAD_TARGET, pass: spread <= MAX_SPREAD })
}

const SPREAD = (label: Target['label']) => `7. ${label}: spread of those ratios (1 − lowest / highest)`
const SPREAD_TARGET = `≤ ${percent(MAX_SPREAD)}`
