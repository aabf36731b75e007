// `node --import tsx bench/cpu-split.ts [1|2]`: where the CPU of one request goes on PostgreSQL, for
// the portal and for the bare node:http + pg floor (bench/lib/bare-database-server.mjs) under
// figure 1's (GET /api/progress) or figure 2's (PUT /api/progress/:n) load, twice each, in turn:
// microseconds per request of the server process, of PostgreSQL's backends, of this process (the
// load generator), of the whole machine, and idle. On two cores a rate R needs at most
// 2,000,000 / R µs per request in all: that is what a target's rate leaves for everything.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createPostgresDatabase, findPostgres } from './lib/database'
import { load, type Request } from './lib/load'
import { learnerCookie, seedAdmin, seedLearners } from './lib/seed'
import { startApp, startBareDatabaseServer, type Server } from './lib/servers'
import { LOAD_LEARNERS } from './lib/context'

const figure = process.argv[2] ?? '1'
const SECONDS = 8
const CLOCK_TICKS_PER_SECOND = 100

/** CPU time of a process so far, in clock ticks (user + system, /proc). */
const ticksOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return Number(fields[11]) + Number(fields[12])
}
/** Every PostgreSQL server process and its ticks (they come and go: only those seen twice count). */
const postgresTicks = () => {
  const pids = execFileSync('pgrep', ['-f', 'postgres: '], { encoding: 'utf8' }).trim().split('\n').map(Number)
  return new Map(pids.flatMap((pid): [number, number][] => { try { return [[pid, ticksOf(pid)]] } catch { return [] } }))
}
const machineTicks = () => {
  const [user, nice, system, idle, iowait, irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number)
  return { busy: user! + nice! + system! + irq! + softirq!, idle: idle! + iowait! }
}

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
  const before = { self: ticksOf(process.pid), server: ticksOf(target.pid), postgres: postgresTicks(), machine: machineTicks() }
  const result = await load({ url: target.url, connections: 50, duration: SECONDS, perConnection: requests })
  const after = { self: ticksOf(process.pid), server: ticksOf(target.pid), postgres: postgresTicks(), machine: machineTicks() }
  const postgres = [...after.postgres].reduce((sum, [pid, ticks]) => sum + (before.postgres.has(pid) ? ticks - before.postgres.get(pid)! : 0), 0)
  const perRequest = (ticks: number) => ((ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND / result.total).toFixed(0).padStart(4)
  console.log(
    `${name.padEnd(7)} ${result.rps.toFixed(0).padStart(6)}/s, ${result.failures} non-2xx; µs per request: server ${perRequest(after.server - before.server)}, ` +
      `PostgreSQL ${perRequest(postgres)}, load generator ${perRequest(after.self - before.self)}, ` +
      `machine ${perRequest(after.machine.busy - before.machine.busy)}, idle ${perRequest(after.machine.idle - before.machine.idle)}`,
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
