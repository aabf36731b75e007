// Figure 7: figure 1's load at 1, 10, 100, 1,000 and 10,000 stored learners (PostgreSQL):
// requests/s, each as a ratio of bare node:http measured in turns with it, must stay within 10 %.
import { measureBaseline, type Context } from '../lib/context'
import { ms, percent, perSecond } from '../lib/table'
import { CONNECTIONS, measureProgressRead } from './1-progress-read'

const POINTS = [1, 10, 100, 1_000, 10_000]
const SECONDS = Number(process.env.BENCH_SCALING_SECONDS ?? 6)
const MAX_SPREAD = 0.1
const TURNS = 3

export async function figure7(context: Context) {
  const target = context.postgres
  if (!target) {
    context.rows.push({ figure: '7. Scaling', value: 'not run: no PostgreSQL' })
    return
  }
  if (target.learners > POINTS[0]!) {
    context.rows.push({ figure: '7. Scaling', value: `not run: the database already holds ${target.learners} learners` })
    return
  }
  const ratios: number[] = []
  for (const learners of POINTS) {
    await context.growPostgres(learners)
    context.log(`Figure 7: ${learners.toLocaleString('en')} stored learners, ${CONNECTIONS} connections, ${SECONDS} s`)
    // Every point reads learner 1, the one learner there is at the first point.
    await measureProgressRead(target, 1, 1)
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
    ratios.push(ratio)
    context.rows.push({
      figure: `7. GET /api/progress, PostgreSQL, ${learners.toLocaleString('en')} learners (highest p99 of its turns ${ms(result.p99)})`,
      value: perSecond(result.rps),
      baseline: perSecond(baseline.rps),
      ratio: percent(ratio),
      pass: result.failures === 0 ? undefined : false,
    })
  }
  const spread = 1 - Math.min(...ratios) / Math.max(...ratios)
  context.rows.push({
    figure: '7. Spread of those ratios (1 − lowest / highest)',
    value: percent(spread),
    target: `≤ ${percent(MAX_SPREAD)}`,
    pass: spread <= MAX_SPREAD,
  })
}
