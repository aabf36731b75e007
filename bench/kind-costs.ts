// `node --import tsx bench/kind-costs.ts [postgres|pglite]`: where figure 12's server time goes, by
// kind of request. Each kind of the learner model alone, at a steady rate, on the figure's site
// (every module's first lesson a video, one uploaded; `prepareSite`), twice in turn: CPU ms per
// request of the server's event loop (its main thread, where requests queue), of its whole process
// and of PostgreSQL's backends. Then each kind at the model's mix: its share of the event loop, and
// how busy the target's learners would keep that loop at these costs, which is what the figure's
// CPU row says for the whole mix at once.
import { cpuBetween, readCpu } from './lib/cpu-ticks'
import { createPgliteDatabase, createPostgresDatabase, findPostgres } from './lib/database'
import { ACTIVITIES, modelRate, schedule, type Kind } from './lib/learner-model'
import { learnerRequests } from './lib/learner-requests'
import { runOpenLoop } from './lib/open-loop'
import { seedAdmin, seedLearners, settle } from './lib/seed'
import { startApp } from './lib/servers'
import { prepareSite } from './figures/12-capacity'

const dialect = process.argv[2] ?? 'postgres'
if (dialect !== 'postgres' && dialect !== 'pglite') throw new Error(`Usage: bench/kind-costs.ts [postgres|pglite], not ${dialect}`)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const LEARNERS = 3_000
const TARGET = dialect === 'postgres' ? 10_000 : 3_000
/**
 * Requests per second of each kind alone: light enough for a slow host (on PGlite the database
 * runs on the event loop too), a sign-in being one hash.
 */
const rateOf = (kind: Kind) => (kind === 'sign-in' ? 4 : (kind === 'watch report' ? 300 : 60) / (dialect === 'postgres' ? 1 : 3))

const prepare = async (database: Parameters<Parameters<typeof createPgliteDatabase>[0]>[0]) => {
  await seedAdmin(database)
  await seedLearners(database, 1, LEARNERS)
  await settle(database)
}
const server = dialect === 'postgres' ? await findPostgres() : undefined
if (dialect === 'postgres' && !server) throw new Error('No PostgreSQL at 127.0.0.1:5432 and no BENCH_DATABASE_URL')
const database = server ? await createPostgresDatabase(server, prepare) : await createPgliteDatabase(prepare)
const app = await startApp({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
const kinds = [...new Set(ACTIVITIES.map((activity) => activity.kind))]
const costs = new Map<Kind, { eventLoop: number; process: number; postgres: number }[]>()
try {
  const request = learnerRequests(await prepareSite(app))
  // What the server does with no request at all (its timers, the job queue's polling), taken off
  // each kind's time and counted once, as a share of the loop.
  const idleBefore = readCpu(app.pid)
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000))
  const idle = cpuBetween(idleBefore, readCpu(app.pid))
  const background = { eventLoop: idle.eventLoops / SECONDS, process: idle.server / SECONDS, postgres: idle.postgres / SECONDS }
  console.log(`Idle for ${SECONDS} s on ${app.dialect}, CPU ms a second: event loop ${background.eventLoop.toFixed(2)}, process ${background.process.toFixed(2)}, PostgreSQL ${background.postgres.toFixed(2)}`)
  console.log(`Each kind alone for ${SECONDS} s, twice; CPU ms per request, the idle server's taken off:`)
  for (const round of [1, 2]) {
    for (const kind of kinds) {
      // The model's own requests of this kind (its learners, its videos' positions), sent evenly at the kind's rate.
      const rate = rateOf(kind)
      const arrivals = schedule(LEARNERS, 3 * 3600, round)
        .filter((arrival) => arrival.kind === kind)
        .slice(0, rate * SECONDS)
        .map((arrival, index) => ({ ...arrival, at: Math.round((index * 1000) / rate) }))
      const before = readCpu(app.pid)
      const result = await runOpenLoop({ url: app.url, arrivals, request, connections: 256 })
      const used = cpuBetween(before, readCpu(app.pid))
      const outcome = result.kinds.get(kind)
      if (!outcome || outcome.failures > 0) throw new Error(`${kind}: ${outcome?.failures ?? 'no'} failures (${outcome?.firstFailure})`)
      const seconds = arrivals.at(-1)!.at / 1000
      const perRequest = (ms: number, idlePerSecond: number) => Math.max(0, ms - idlePerSecond * seconds) / result.sent
      const cost = {
        eventLoop: perRequest(used.eventLoops, background.eventLoop),
        process: perRequest(used.server, background.process),
        postgres: perRequest(used.postgres, background.postgres),
      }
      costs.set(kind, [...(costs.get(kind) ?? []), cost])
      console.log(`  ${kind.padEnd(18)} ${String(result.sent).padStart(5)} at ${rate}/s: event loop ${cost.eventLoop.toFixed(2)}, process ${cost.process.toFixed(2)}, PostgreSQL ${cost.postgres.toFixed(2)}`)
    }
  }
  const mean = (kind: Kind, part: 'eventLoop' | 'process' | 'postgres') => costs.get(kind)!.reduce((sum, cost) => sum + cost[part], 0) / costs.get(kind)!.length
  const loopAtTarget = new Map(kinds.map((kind) => [kind, (modelRate(kind, TARGET) * mean(kind, 'eventLoop')) / 1000]))
  const idleShare = background.eventLoop / 1000
  const total = [...loopAtTarget.values()].reduce((sum, share) => sum + share, idleShare)
  console.log(`\nAt the model's mix, ${TARGET.toLocaleString('en')} learners (the mean of the two rounds):`)
  console.log('| Kind | Requests/s | Event loop ms | Process ms | PostgreSQL ms | Share of the event loop | Event loop busy |')
  console.log('|---|---|---|---|---|---|---|')
  for (const kind of kinds.toSorted((one, other) => loopAtTarget.get(other)! - loopAtTarget.get(one)!)) {
    const cells = [modelRate(kind, TARGET).toFixed(1), mean(kind, 'eventLoop').toFixed(2), mean(kind, 'process').toFixed(2), mean(kind, 'postgres').toFixed(2)]
    console.log(`| ${kind} | ${cells.join(' | ')} | ${((loopAtTarget.get(kind)! / total) * 100).toFixed(1)} % | ${(loopAtTarget.get(kind)! * 100).toFixed(1)} % |`)
  }
  console.log(`| the idle server | | ${background.eventLoop.toFixed(2)} a second | ${background.process.toFixed(2)} a second | ${background.postgres.toFixed(2)} a second | ${((idleShare / total) * 100).toFixed(1)} % | ${(idleShare * 100).toFixed(1)} % |`)
  console.log(`| all | ${kinds.reduce((sum, kind) => sum + modelRate(kind, TARGET), 0).toFixed(0)} | | | | 100 % | ${(total * 100).toFixed(1)} % |`)
} finally {
  await app.stop()
  await database.drop()
}
