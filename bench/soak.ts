// `npm run bench:soak`: 50 learners use the portal at once for 10 minutes (docs/performance.md, Soak).
//
// Each learner signs in, reads the dashboard (profile, progress, certificate when earned),
// toggles modules and downloads the certificate PDF once all eight are done (every fifth learner
// completes all eight first), pausing briefly between actions and signing in again now and then.
// Against the real server (PGlite; `--postgres` for PostgreSQL). Reports:
//   - 5xx answers (must be 0) and any other unexpected answer;
//   - lost writes: each learner's final progress, read back, against what the answered writes imply;
//   - the server's RSS every 10 s, and its growth from minute 2 to the last minute, each minute's
//     samples averaged (must be < 10 %).
// SOAK_MINUTES (10) shortens the run for trying; SOAK_LEARNERS (50); SOAK_THINK_MS (300, the
// longest pause between a learner's actions).
import { createPgliteDatabase, createPostgresDatabase, findPostgres } from './lib/database'
import { LEARNER_PASSWORD, learnerEmail, seedAdmin, seedLearners, signIn } from './lib/seed'
import { startApp } from './lib/servers'
import { buildServer } from '../scripts/server-build.mjs'
import { formatTable, machine, ms, percent, type Row } from './lib/table'

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10)
const LEARNERS = Number(process.env.SOAK_LEARNERS ?? 50)
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 300)
const SAMPLE_MS = 10_000
const MAX_RSS_GROWTH = 0.1
const MODULES = 8
const usePostgres = process.argv.includes('--postgres')

const started = performance.now()
const elapsed = () => performance.now() - started
const log = (message: string) => console.log(`[${(elapsed() / 1000).toFixed(0).padStart(4)} s] ${message}`)
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))
const random = (below: number) => Math.floor(Math.random() * below)

type Progress = { completedCount: number; modules: { moduleNumber: number }[] }

const stats = {
  requests: 0,
  serverErrors: 0,
  unexpected: [] as string[],
  networkErrors: 0,
  writes: 0,
  certificates: 0,
  signIns: 0,
  latencies: [] as number[],
}

log(`Preparing ${usePostgres ? 'a PostgreSQL' : 'a PGlite'} database with ${LEARNERS} learners…`)
const prepare = async (database: Parameters<Parameters<typeof createPgliteDatabase>[0]>[0]) => {
  await seedAdmin(database)
  await seedLearners(database, 1, LEARNERS)
}
const postgresServer = usePostgres ? await findPostgres() : undefined
if (usePostgres && !postgresServer) throw new Error('--postgres: no PostgreSQL at 127.0.0.1:5432 and no BENCH_DATABASE_URL')
const database = postgresServer ? await createPostgresDatabase(postgresServer, prepare) : await createPgliteDatabase(prepare)
buildServer()
const app = await startApp({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
log(`Portal ready at ${app.url}; ${LEARNERS} learners for ${MINUTES} min.`)

/** One request, counted and timed; the statuses the caller expects are not errors. */
async function call(cookie: string, method: string, path: string, body?: unknown, expected = [200]): Promise<Response | undefined> {
  const start = performance.now()
  stats.requests++
  try {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        cookie,
        origin: app.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    stats.latencies.push(performance.now() - start)
    if (response.status >= 500) stats.serverErrors++
    if (!expected.includes(response.status)) {
      if (stats.unexpected.length < 20) stats.unexpected.push(`${method} ${path}: ${response.status} ${await response.clone().text()}`)
      else stats.unexpected.push('…')
    }
    return response
  } catch (error) {
    stats.networkErrors++
    if (stats.unexpected.length < 20) stats.unexpected.push(`${method} ${path}: ${String(error)}`)
    return undefined
  }
}

const deadline = MINUTES * 60_000
/** What each learner's answered writes say their progress is. */
const expected = new Map<number, Set<number>>()

async function learner(n: number) {
  const email = learnerEmail(n)
  const signInAgain = async () => {
    stats.signIns++
    return signIn(app.url, { email, password: LEARNER_PASSWORD })
  }
  let cookie = await signInAgain()
  const initial = await call(cookie, 'GET', '/api/progress')
  const done = new Set(((await initial?.json()) as Progress).modules.map((module) => module.moduleNumber))
  expected.set(n, done)

  const write = async (moduleNumber: number, completed: boolean) => {
    const response = await call(cookie, 'PUT', `/api/progress/${moduleNumber}`, { completed })
    if (response?.ok) {
      stats.writes++
      if (completed) done.add(moduleNumber)
      else done.delete(moduleNumber)
      await response.arrayBuffer()
    }
  }
  const downloadCertificate = async () => {
    const json = await call(cookie, 'GET', '/api/certificate')
    await json?.arrayBuffer()
    const pdf = await call(cookie, 'GET', '/api/certificate.pdf')
    if (pdf?.ok) stats.certificates++
    await pdf?.arrayBuffer()
  }

  // Every fifth learner finishes the course first and takes the certificate.
  if (n % 5 === 0) {
    for (let moduleNumber = 1; moduleNumber <= MODULES; moduleNumber++) await write(moduleNumber, true)
    await downloadCertificate()
  }
  for (let round = 1; elapsed() < deadline; round++) {
    // The dashboard: profile, progress, and the certificate once earned.
    await (await call(cookie, 'GET', '/api/profile'))?.arrayBuffer()
    const progress = await call(cookie, 'GET', '/api/progress')
    const { completedCount } = ((await progress?.json()) ?? { completedCount: 0 }) as Progress
    if (completedCount === MODULES) await downloadCertificate()
    else await (await call(cookie, 'GET', '/api/certificate', undefined, [200, 404]))?.arrayBuffer()
    await sleep(random(THINK_MS))
    const moduleNumber = random(MODULES) + 1
    await write(moduleNumber, !done.has(moduleNumber))
    await sleep(random(THINK_MS))
    if (round % 200 === 0) cookie = await signInAgain()
  }
}

const rss: { at: number; bytes: number }[] = []
const sampler = setInterval(() => rss.push({ at: elapsed(), bytes: app.rss() }), SAMPLE_MS)
const loadStarted = elapsed()
rss.push({ at: elapsed(), bytes: app.rss() })
let lostWrites = 0
try {
  await Promise.all(Array.from({ length: LEARNERS }, (_, index) => learner(index + 1)))
  clearInterval(sampler)
  rss.push({ at: elapsed(), bytes: app.rss() })
  log('Reading back every learner’s progress…')
  const probe = await signIn(app.url, { email: learnerEmail(1), password: LEARNER_PASSWORD })
  for (const [n, modules] of expected) {
    const cookie = n === 1 ? probe : await signIn(app.url, { email: learnerEmail(n), password: LEARNER_PASSWORD })
    const response = await fetch(`${app.url}/api/progress`, { headers: { cookie } })
    const actual = new Set(((await response.json()) as Progress).modules.map((module) => module.moduleNumber))
    const same = actual.size === modules.size && [...modules].every((moduleNumber) => actual.has(moduleNumber))
    if (!same) {
      lostWrites++
      console.log(`  learner ${n}: expected modules ${[...modules].sort().join(',')}, stored ${[...actual].sort().join(',')}`)
    }
  }
} finally {
  clearInterval(sampler)
  await app.stop()
  await database.drop()
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
// RSS swings widely with V8's collection cycle (docs/performance.md, Soak), so single samples say
// little: each minute is summed up by its samples' mean, and minute 2 is compared with the last
// minute.
type Window = { label: string; samples: typeof rss }
const window = (label: string, from: number, to: number): Window => ({
  label,
  samples: rss.filter((sample) => sample.at - loadStarted >= from && sample.at - loadStarted < to),
})
const meanOf = ({ samples }: Window) => samples.reduce((sum, sample) => sum + sample.bytes, 0) / samples.length
const minutes = Array.from({ length: Math.ceil(MINUTES) }, (_, index) =>
  window(`minute ${index + 1}`, index * 60_000, index + 1 >= MINUTES ? Infinity : (index + 1) * 60_000),
)
const [early, late] =
  MINUTES >= 3
    ? [minutes[1]!, minutes[minutes.length - 1]!]
    : [window('the second quarter', deadline * 0.25, deadline * 0.5), window('the last quarter', deadline * 0.75, Infinity)]
const growth = meanOf(late) / meanOf(early) - 1
const last = rss[rss.length - 1]!
const latencies = stats.latencies.sort((a, b) => a - b)
const quantile = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN
const seconds = (last.at - loadStarted) / 1000
const rows: Row[] = [
  { figure: 'Learners × minutes', value: `${LEARNERS} × ${MINUTES}` },
  { figure: 'Requests (sign-ins, answered writes, certificate PDFs)', value: `${stats.requests.toLocaleString('en')} (${stats.signIns}, ${stats.writes.toLocaleString('en')}, ${stats.certificates})` },
  { figure: 'Requests/s; latency p50 / p99', value: `${(stats.requests / seconds).toFixed(0)}/s; ${ms(quantile(0.5))} / ${ms(quantile(0.99))}` },
  { figure: '5xx answers', value: String(stats.serverErrors), target: '0', pass: stats.serverErrors === 0 },
  { figure: 'Other unexpected answers, network errors', value: `${stats.unexpected.length - stats.serverErrors}, ${stats.networkErrors}`, target: '0', pass: stats.unexpected.length === 0 },
  { figure: `Lost writes (learners whose stored progress differs)`, value: `${lostWrites} of ${expected.size}`, target: '0', pass: lostWrites === 0 },
  { figure: `RSS, mean of ${early.label} → of ${late.label}`, value: `${mb(meanOf(early))} → ${mb(meanOf(late))}`, ratio: `${growth >= 0 ? '+' : ''}${percent(growth)}`, target: `< +${percent(MAX_RSS_GROWTH)}`, pass: growth < MAX_RSS_GROWTH },
]
console.log(`\nRSS every ${SAMPLE_MS / 1000} s (MB): ${rss.map((sample) => Math.round(sample.bytes / 1024 / 1024)).join(' ')}`)
console.log(`RSS per minute, lowest / mean / highest: ${minutes.map((minute) => minute.samples.length === 0 ? '' : `${minute.label} ${[Math.min(...minute.samples.map((sample) => sample.bytes)), meanOf(minute), Math.max(...minute.samples.map((sample) => sample.bytes))].map(mb).join(' / ')}`).join('; ')}`)
if (stats.unexpected.length > 0) console.log(`Unexpected answers:\n  ${stats.unexpected.join('\n  ')}`)
console.log(`\n${formatTable(rows)}\n`)
console.log(`Soak on ${usePostgres ? 'PostgreSQL' : 'PGlite'}. Machine: ${machine()}.`)
if (rows.some((row) => row.pass === false)) process.exitCode = 1
