// `node --import tsx bench/cpu-split.ts [1|2]`: where the CPU of one request goes on PostgreSQL, for
// the portal and for the bare node:http + pg floor (bench/lib/bare-database-server.mjs) under
// figure 1's (GET /api/progress) or figure 2's (PUT /api/progress/:n) load, twice each, in turn:
// microseconds per request of the server process, of PostgreSQL's backends, of this process (the
// load generator), of the whole machine, and idle. On two cores a rate R needs at most
// 2,000,000 / R µs per request in all: that is what a target's rate leaves for everything.
import { cpuBetween, readCpu } from './lib/cpu-ticks'
import { createPostgresDatabase, findPostgres } from './lib/database'
import { load, type Request } from './lib/load'
import { learnerCookie, seedAdmin, seedLearners } from './lib/seed'
import { startApp, startBareDatabaseServer, type Server } from './lib/servers'
import { LOAD_LEARNERS } from './lib/context'

const figure = process.argv[2] ?? '1'
const SECONDS = 8

const server = await findPostgres()
if (!server) throw new Error('No PostgreSQL at 127.0.0.1:5432 and no BENCH_DATABASE_URL')
const database = await createPostgresDatabase(server, async (db) => {
  await seedAdmin(db)
  await seedLearners(db, 1, LOAD_LEARNERS)
})
const portal = await startApp({ databaseUrl: database.databaseUrl })
const bare = await startBareDatabaseServer({ databaseUrl: database.databaseUrl })
const duties = await startBareDatabaseServer({ databaseUrl: database.databaseUrl }, portal.secret)
const requests = (index: number): Request[] => {
  const n = (index % LOAD_LEARNERS) + 1
  const headers = { cookie: learnerCookie(n, portal.secret), origin: portal.url, accept: 'application/json' }
  if (figure === '1') return [{ path: '/api/progress', headers }]
  const path = `/api/progress/${(n % 8) + 1}`
  return [true, false].map((completed) => ({ method: 'PUT' as const, path, headers, body: JSON.stringify({ completed }) }))
}

async function measure(name: string, target: Server) {
  await load({ url: target.url, connections: 50, duration: 2, perConnection: requests })
  const before = readCpu(target.pid)
  const result = await load({ url: target.url, connections: 50, duration: SECONDS, perConnection: requests })
  const used = cpuBetween(before, readCpu(target.pid))
  const perRequest = (ms: number) => ((ms * 1000) / result.total).toFixed(0).padStart(4)
  console.log(
    `${name.padEnd(7)} ${result.rps.toFixed(0).padStart(6)}/s, ${result.failures} non-2xx; µs per request: server ${perRequest(used.server)}, ` +
      `PostgreSQL ${perRequest(used.postgres)}, load generator ${perRequest(used.generator)}, ` +
      `machine ${perRequest(used.busy)}, idle ${perRequest(used.idle)}`,
  )
}

try {
  console.log(`Figure ${figure} on PostgreSQL, 50 connections, ${SECONDS} s each:`)
  const round = [['portal', portal], ['floor', bare], ['duties', duties]] as const
  for (const [name, target] of [...round, ...round]) await measure(name, target)
} finally {
  await portal.stop()
  await bare.stop()
  await duties.stop()
  await database.drop()
}
