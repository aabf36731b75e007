// Figure 7: figure 1's load at 1, 10, 100, 1,000 and 10,000 stored learners, on PostgreSQL and
// on PGlite: requests/s, each as a ratio of bare node:http measured in turns with it, must stay
// within 10 % on each database.
import { measureBaseline, type Context, type Target } from '../lib/context'
import { createPgliteDatabase } from '../lib/database'
import { seedAdmin, seedLearners } from '../lib/seed'
import { startApp } from '../lib/servers'
import { ms, percent, perSecond } from '../lib/table'
import { CONNECTIONS, measureProgressRead } from './1-progress-read'

const POINTS = [1, 10, 100, 1_000, 10_000]
const SECONDS = Number(process.env.BENCH_SCALING_SECONDS ?? 6)
const MAX_SPREAD = 0.1
const TURNS = 3
/** PGlite's portal starts afresh at each point: long enough for V8 to compile the hot path. */
const PGLITE_WARM_UP_SECONDS = 3

export async function figure7(context: Context) {
  await scalingOnPostgres(context)
  await scalingOnPglite(context)
}

async function scalingOnPostgres(context: Context) {
  const target = context.postgres
  if (!target) {
    context.rows.push({ figure: SPREAD('PostgreSQL'), value: 'not run: no PostgreSQL', target: SPREAD_TARGET })
    return
  }
  if (target.learners > POINTS[0]!) {
    context.rows.push({ figure: SPREAD('PostgreSQL'), value: `not run: the database already holds ${target.learners} learners`, target: SPREAD_TARGET })
    return
  }
  const ratios: number[] = []
  for (const learners of POINTS) {
    await context.growPostgres(learners)
    ratios.push(await measurePoint(context, target, 1))
  }
  pushSpread(context, target.label, ratios)
}

/**
 * PGlite is one process's at a time, so its figure has a database of its own, grown between
 * points while no portal holds it, and a portal started on it for each point (every point alike:
 * a fresh process, warmed up). The other figures' PGlite portal keeps its 50 learners.
 */
async function scalingOnPglite(context: Context) {
  const database = await createPgliteDatabase(async (opened) => {
    await seedAdmin(opened)
    await seedLearners(opened, 1, POINTS[0]!)
  })
  try {
    const ratios: number[] = []
    let stored = POINTS[0]!
    for (const learners of POINTS) {
      if (learners > stored) {
        const opened = await database.open()
        try {
          await seedLearners(opened, stored + 1, learners)
        } finally {
          await opened.close()
        }
        stored = learners
      }
      const app = await startApp({ dataDir: database.dataDir })
      try {
        const target: Target = { app, database, label: 'PGlite', learners }
        ratios.push(await measurePoint(context, target, PGLITE_WARM_UP_SECONDS))
      } finally {
        await app.stop()
      }
    }
    pushSpread(context, 'PGlite', ratios)
  } finally {
    await database.drop()
  }
}

/** One point: the portal's mean rate over the baseline's, both measured in turns. */
async function measurePoint(context: Context, target: Target, warmUpSeconds: number): Promise<number> {
  context.log(`Figure 7 on ${target.label}: ${target.learners.toLocaleString('en')} stored learners, ${CONNECTIONS} connections, ${SECONDS} s`)
  // Every point reads learner 1, the one learner there is at the first point.
  await measureProgressRead(target, warmUpSeconds, 1)
  // Baseline and portal in turns, so a machine that speeds up or slows down during the point
  // (other work on it comes and goes) weighs on both alike.
  const baseline = { rps: 0 }
  const result = { rps: 0, p99: 0, failures: 0 }
  for (let turn = 0; turn < TURNS; turn += 1) {
    baseline.rps += (await measureBaseline(context, CONNECTIONS, SECONDS / TURNS / 2)).rps / TURNS
    const turnResult = await measureProgressRead(target, SECONDS / TURNS, 1)
    result.rps += turnResult.rps / TURNS
    result.p99 = Math.max(result.p99, turnResult.p99)
    result.failures += turnResult.failures
  }
  const ratio = result.rps / baseline.rps
  context.rows.push({
    figure: `7. GET /api/progress, ${target.label}, ${target.learners.toLocaleString('en')} learners (highest p99 of its turns ${ms(result.p99)})`,
    value: perSecond(result.rps),
    baseline: perSecond(baseline.rps),
    ratio: percent(ratio),
    pass: result.failures === 0 ? undefined : false,
  })
  return ratio
}

const SPREAD = (label: Target['label']) => `7. ${label}: spread of those ratios (1 − lowest / highest)`
const SPREAD_TARGET = `≤ ${percent(MAX_SPREAD)}`

function pushSpread(context: Context, label: Target['label'], ratios: number[]) {
  const spread = 1 - Math.min(...ratios) / Math.max(...ratios)
  context.rows.push({ figure: SPREAD(label), value: percent(spread), target: SPREAD_TARGET, pass: spread <= MAX_SPREAD })
}
