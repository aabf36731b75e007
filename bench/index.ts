// `npm run bench`: the figures 1–13 of docs/performance.md in one table.
//
// Builds the client, then starts on loopback, each in its own process: the portal on PGlite,
// the portal on PostgreSQL (BENCH_DATABASE_URL's server, else the local one when it answers; a
// fresh database, dropped afterwards) and a bare node:http hello-world, the baseline every ratio
// is taken against, measured next to each figure. autocannon and Lighthouse drive them.
//
//   --only 1,4     run some figures only (`bench:admin` is --only 5, `bench:pages` --only 6,
//                  `bench:activity` --only 9, `bench:capacity` --only 12)
//   /route …       figure 6 on these routes only
//   --profile      write V8 CPU profiles of both portals to bench/profiles/<time>/ (slower)
//   --no-build     use the client already in dist/client (the server's bundle is built anyway)
// Exits 1 when a figure misses its target.
import { spawn } from 'node:child_process'
import path from 'node:path'
import type { Database } from '../src/server/db/client'
import type { Context, Target } from './lib/context'
import { LOAD_LEARNERS } from './lib/context'
import { createPgliteDatabase, createPostgresDatabase, findPostgres, type BenchDatabase } from './lib/database'
import { seedAdmin, seedLearners, settle } from './lib/seed'
import { root, startApp, startBaseline, type Server } from './lib/servers'
import { buildServer } from '../scripts/server-build.mjs'
import { formatTable, machine, type Row } from './lib/table'
import { figure1 } from './figures/1-progress-read'
import { figure2 } from './figures/2-progress-write'
import { figure3 } from './figures/3-sign-in'
import { figure4 } from './figures/4-sales'
import { figure5 } from './figures/5-admin-list'
import { figure6 } from './figures/6-pages'
import { figure7 } from './figures/7-scaling'
import { figure8 } from './figures/8-course-studio'
import { figure9 } from './figures/9-activity'
import { figure10 } from './figures/10-video'
import { figure11 } from './figures/11-mixed-load'
import { figure12 } from './figures/12-capacity'
import { figure13 } from './figures/13-insights'

const args = process.argv.slice(2)
const onlyArg = args.indexOf('--only')
const only = onlyArg >= 0 ? new Set(args[onlyArg + 1]!.split(',').map(Number)) : undefined
const routes = args.filter((arg) => arg.startsWith('/'))
const profileDir = args.includes('--profile') ? path.join(root, 'bench/profiles', new Date().toISOString().replace(/[:.]/g, '-')) : undefined
const runs = (figure: number) => !only || only.has(figure)

/**
 * Figure 12 measures one server on the machine, as it does run alone. The other figures' portals
 * are idle then but for their timed jobs, and at a quarter-hour those send the e-mails figure 11's
 * completions made due, loading the e-mail's libraries: stopped (SIGSTOP) while it runs.
 */
async function whilePaused(portals: (Target | undefined)[], run: () => Promise<void>): Promise<void> {
  const pids = portals.flatMap((portal) => (portal ? [portal.app.pid] : []))
  for (const pid of pids) process.kill(pid, 'SIGSTOP')
  if (pids.length > 0) log(`The other figures' portals stopped while figure 12 runs (pids ${pids.join(', ')})`)
  try {
    await run()
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT')
  }
}

const started = performance.now()
const log = (message: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`)

/** The client build, alongside preparing the databases (PGlite's first start takes a while). */
const build = args.includes('--no-build')
  ? Promise.resolve().then(() => buildServer())
  : new Promise<void>((resolve, reject) => {
      log('Building the client…')
      spawn(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`The client build failed (exit ${code})`)),
      )
    })
// Awaited once the databases are ready; until then a failure must not count as unhandled.
build.catch(() => {})

const needsPostgres = [1, 2, 3, 5, 7, 8, 9, 11, 13].some(runs)
const needsPglite = [1, 2, 3, 4, 6, 8, 10, 11].some(runs)
const stops: (() => Promise<void>)[] = []
const rows: Row[] = []
try {
  const postgresServer = needsPostgres ? await findPostgres() : undefined
  if (needsPostgres && !postgresServer) log('No PostgreSQL at 127.0.0.1:5432 and no BENCH_DATABASE_URL: PostgreSQL figures are skipped.')

  const seed = (learners: number) => async (database: Database) => {
    await seedAdmin(database)
    await seedLearners(database, 1, learners)
  }
  const start = async (label: Target['label'], database: BenchDatabase, learners: number): Promise<Target> => {
    const app = await startApp({
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
      cpuProfileDir: profileDir && path.join(profileDir, label),
    })
    stops.unshift(app.stop)
    log(`${label} portal ready at ${app.url} (${learners} learners)`)
    return { app, database, label, learners }
  }

  log('Preparing the databases…')
  // Figure 7 starts PostgreSQL from one stored learner and grows it to 10,000 (on PGlite it has a
  // database of its own).
  const [pgliteDatabase, postgresDatabase] = await Promise.all([
    needsPglite ? createPgliteDatabase(seed(LOAD_LEARNERS)) : undefined,
    postgresServer ? createPostgresDatabase(postgresServer, seed(1)) : undefined,
  ])
  if (pgliteDatabase) stops.push(pgliteDatabase.drop)
  if (postgresDatabase) stops.push(postgresDatabase.drop)
  await build

  const [pglite, postgres] = await Promise.all([
    pgliteDatabase && start('PGlite', pgliteDatabase, LOAD_LEARNERS),
    postgresDatabase && start('PostgreSQL', postgresDatabase, 1),
  ])
  const growing = postgresDatabase && (await postgresDatabase.open())
  if (growing) stops.unshift(() => growing.close())
  const baseline: Server = await startBaseline()
  stops.unshift(baseline.stop)

  const context: Context = {
    baseline,
    pglite: pglite!,
    postgres,
    rows,
    log,
    async growPostgres(count) {
      if (!postgres || !growing || postgres.learners >= count) return
      await seedLearners(growing, postgres.learners + 1, count)
      await settle(growing)
      postgres.learners = count
    },
  }
  const figures: [number, () => Promise<void>][] = [
    [7, () => figure7(context)],
    [1, async () => {
      await context.growPostgres(LOAD_LEARNERS)
      await figure1(context)
    }],
    [2, async () => {
      await context.growPostgres(LOAD_LEARNERS)
      await figure2(context)
    }],
    [3, async () => {
      await context.growPostgres(LOAD_LEARNERS)
      await figure3(context)
    }],
    [4, () => figure4(context)],
    [5, () => figure5(context)],
    [6, () => figure6(context, routes)],
    [8, async () => {
      await context.growPostgres(LOAD_LEARNERS)
      await figure8(context)
    }],
    [11, async () => {
      await context.growPostgres(LOAD_LEARNERS)
      await figure11(context)
    }],
    // Its databases and portals are its own; before figure 10 only to keep the order of the table.
    [12, () => whilePaused([pglite, postgres], () => figure12(context))],
    // Near the end: it publishes a change to the course.
    [10, () => figure10(context)],
    // Near the end too: it completes every learner's course and publishes videos.
    [13, () => figure13(context)],
    // Last: its 100,000 entries would weigh on the other figures' database.
    [9, () => figure9(context)],
  ]
  for (const [figure, run] of figures) {
    if (!runs(figure)) continue
    // One figure failing to run is reported in its row; the others still run.
    await run().catch((error: unknown) => {
      console.error(error)
      rows.push({ figure: `${figure}. did not complete`, value: String(error).slice(0, 120), pass: false })
    })
  }
} finally {
  for (const stop of stops) await stop().catch((error: unknown) => console.error('Cleaning up failed:', error))
}

const figureNumber = (row: Row) => Number.parseInt(row.figure, 10)
rows.sort((a, b) => figureNumber(a) - figureNumber(b))
console.log(`\n${formatTable(rows)}\n`)
console.log(`Machine: ${machine()}. Whole run: ${((performance.now() - started) / 1000).toFixed(0)} s.`)
if (profileDir) console.log(`CPU profiles: ${path.relative(root, profileDir)}/ (open in Chrome DevTools or speedscope).`)
const misses = rows.filter((row) => row.pass === false)
if (misses.length > 0) {
  console.log(`${misses.length} figure(s) missed the target: see docs/performance.md.`)
  process.exitCode = 1
}
