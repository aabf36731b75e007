// Figure 12: capacity, how many learners one server holds as learners really use it. An open-loop
// model of signed-in learners (bench/lib/learner-model.ts: the player's report every 12 s, a module
// page and a progress read every 3 minutes, now and then a completion, a knowledge check, the
// dashboard, a sign-in, a video range; an admin browsing at the same time), stepped up until a kind
// of request misses its p99 or fails (bench/lib/capacity-steps.ts). On PGlite, PostgreSQL and
// PostgreSQL with WEB_CONCURRENCY=2, each on a database of its own, beside bare node:http.
//
//   BENCH_CAPACITY_SECONDS        a full step's length (60)
//   BENCH_CAPACITY_SCOUT_SECONDS  a scouting step's length (10)
//   BENCH_CAPACITY_ON             which of pglite,postgres,postgres-2 to run (all)
//   BENCH_CAPACITY_START_<ON>     the first step (PGlite 1,000, PostgreSQL 2,500)
//   BENCH_CAPACITY_MAX            the learners seeded, and the highest step (PGlite 8,000, PostgreSQL 24,000)
//   BENCH_CAPACITY_SOAK_SECONDS   then a run this long at 80 % of each capacity, for RSS growth (0: none)
//
// The servers run with METRICS=on: each step reads what they saw of it themselves (lib/server-metrics.ts).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Database } from '../../src/server/db/client'
import type { KnowledgeCheck } from '../../src/shared/course/schema'
import { findCapacity, type Step } from '../lib/capacity-steps'
import { measureBaseline, type Context } from '../lib/context'
import { cpuBetween, readCpu, withChildren } from '../lib/cpu-ticks'
import { createPgliteDatabase, createPostgresDatabase, findPostgres, type BenchDatabase } from '../lib/database'
import { ACTIVITIES, modelTotalRate, p99Limits, PAGE_P99_MS, REQUEST_P99_MS, schedule, signInP99Limit, type Kind } from '../lib/learner-model'
import { learnerRequests, type LearnerSite } from '../lib/learner-requests'
import { runOpenLoop } from '../lib/open-loop'
import { readServerScrape, serverBetween, serverText, type StepServer } from '../lib/server-metrics'
import { ADMIN, learnerCookie, seedAdmin, seedLearners, settle, signIn } from '../lib/seed'
import { startApp, type App } from '../lib/servers'
import { judgeStep, MIN_ANSWERS, type Judged } from '../lib/step-verdict'
import { percent, perSecond } from '../lib/table'
import { scryptHashMs } from './3-sign-in'
import { makeFile, uploadFile } from './10-video'

const SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 60)
const SCOUT_SECONDS = Number(process.env.BENCH_CAPACITY_SCOUT_SECONDS ?? 10)
const SOAK_SECONDS = Number(process.env.BENCH_CAPACITY_SOAK_SECONDS ?? 0)
const BISECTIONS = 2
/** Keep-alive connections the generator opens at most (browsers hold one or a few each). */
const CONNECTIONS = 256
const MEDIA_BYTES = 16 * 1024 * 1024
const MAX_RSS_BYTES = 400 * 1024 * 1024
const MAX_SOAK_GROWTH = 0.1
const WARM_UP_SECONDS = 10
/** The server's metrics are on, for its own view of each step (lib/server-metrics.ts). */
const METRICS_TOKEN = randomBytes(32).toString('base64url')

type Setup = { key: 'pglite' | 'postgres' | 'postgres-2'; label: string; target: number; start: number; max: number; processes: number }
const SETUPS: Setup[] = [
  { key: 'pglite', label: 'PGlite', target: 3_000, start: 1_000, max: 8_000, processes: 1 },
  { key: 'postgres', label: 'PostgreSQL', target: 10_000, start: 2_500, max: 24_000, processes: 1 },
  { key: 'postgres-2', label: 'PostgreSQL, WEB_CONCURRENCY=2', target: 10_000, start: 2_500, max: 24_000, processes: 2 },
]
const chosen = (process.env.BENCH_CAPACITY_ON ?? 'pglite,postgres,postgres-2').split(',')
const maxOf = (setup: Setup) => Number(process.env.BENCH_CAPACITY_MAX ?? setup.max)
const startOf = (setup: Setup) => Number(process.env[`BENCH_CAPACITY_START_${setup.key.replace('-', '_').toUpperCase()}`] ?? setup.start)

type Detail = {
  rate: number
  sent: number
  judged: Judged[]
  rss: number[]
  load: number
  lagMs: number
  cpu: ReturnType<typeof cpuBetween>
  /** The step as the server's own metrics saw it. */
  server: StepServer
  /** The server's processes that answer requests. */
  servers: number
}

const learnersText = (learners: number) => learners.toLocaleString('en')
const eventLoops = (processes: number) => (processes > 1 ? 'event loops' : 'event loop')
const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

export async function figure12(context: Context) {
  const server = await findPostgres()
  const baseline = await measureBaseline(context, 50, 5)
  const hashMs = await scryptHashMs()
  const limit = p99Limits(hashMs)
  const perLearner = modelTotalRate(1) - modelTotalRate(0)
  context.log(
    `Figure 12: bare node:http ${perSecond(baseline.rps)}; one scrypt hash alone ${Math.round(hashMs)} ms, so a sign-in's limit is ${Math.round(signInP99Limit(hashMs))} ms; the model asks ${perLearner.toFixed(4)} requests/s per learner, ${modelTotalRate(0)}/s of the admin`,
  )
  for (const setup of SETUPS.filter((candidate) => chosen.includes(candidate.key))) {
    const name = `12. Capacity, ${setup.label}`
    if (setup.key !== 'pglite' && !server) {
      context.rows.push({ figure: name, value: 'not run: no PostgreSQL', target: `≥ ${learnersText(setup.target)} learners` })
      continue
    }
    context.log(`Figure 12 on ${setup.label}: seeding ${learnersText(maxOf(setup))} learners`)
    const database = setup.key === 'pglite' ? await createPgliteDatabase(seed(maxOf(setup))) : await createPostgresDatabase(server!, seed(maxOf(setup)))
    const dataDir = database.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sws-bench-'))
    try {
      await measureSetup(context, setup, database, dataDir, baseline.rps, limit, hashMs)
    } finally {
      await database.drop()
      if (!database.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

const seed = (learners: number) => async (database: Database) => {
  await seedAdmin(database)
  await seedLearners(database, 1, learners)
  await settle(database)
}

type Limit = (kind: Kind) => number

async function measureSetup(context: Context, setup: Setup, database: BenchDatabase, dataDir: string, baselineRps: number, limit: Limit, hashMs: number) {
  const env = { WEB_CONCURRENCY: String(setup.processes), METRICS: 'on', METRICS_TOKEN }
  const options = { databaseUrl: database.databaseUrl, dataDir, env }
  let app = await startApp(options)
  try {
    const site = await prepareSite(app)
    const request = learnerRequests(site)
    // One of each kind must be answered with 2xx before anything is measured (a 401 is fast, and
    // wrong); their sizes go to the log, for the model's table in docs/performance.md.
    const sizes: string[] = []
    for (const kind of new Set(ACTIVITIES.map((activity) => activity.kind))) {
      const sample = request({ at: 0, kind, learner: kind.startsWith('admin') ? 0 : 9, occurrence: 0 })
      const response = await fetch(`${app.url}${sample.path}`, { method: sample.method ?? 'GET', headers: sample.headers, body: sample.body })
      const bytes = (await response.arrayBuffer()).byteLength
      if (!response.ok) throw new Error(`${sample.method ?? 'GET'} ${sample.path} answered ${response.status}`)
      const encoding = response.headers.get('content-encoding')
      sizes.push(`${kind} ${(bytes / 1000).toFixed(1)} kB${encoding ? ` (sent ${encoding})` : ''}`)
    }
    context.log(`Figure 12 on ${setup.label}: answers, uncompressed: ${sizes.join(', ')}`)
    const measure = async (learners: number, seconds: number) => {
      // A full-length step starts on a freshly started server, warmed up at half its learners: a
      // step after an overloaded one would otherwise inherit its heap and its backlog.
      if (seconds === SECONDS) {
        await app.stop()
        app = await startApp({ ...options, secret: app.secret, port: Number(new URL(app.url).port) })
        await runOpenLoop({ url: app.url, arrivals: schedule(Math.max(100, Math.round(learners / 2)), WARM_UP_SECONDS, 2), request, connections: CONNECTIONS })
      }
      const serverBefore = await scrapeServer(app)
      const cpuBefore = readCpu(app.pid)
      const result = await runOpenLoop({ url: app.url, arrivals: schedule(learners, seconds), request, connections: CONNECTIONS })
      const cpu = cpuBetween(cpuBefore, readCpu(app.pid))
      const server = serverBetween(serverBefore, await scrapeServer(app))
      const { pass, judged } = judgeStep([...result.kinds].map(([kind, outcome]) => ({ kind, ...outcome })), limit)
      const rss = processRss(app.pid)
      const detail: Detail = { rate: result.sent / seconds, sent: result.sent, judged, rss, load: os.loadavg()[0]!, lagMs: result.maxDispatchLagMs, cpu, server, servers: setup.processes }
      context.log(`Figure 12 on ${setup.label}: ${learnersText(learners)} learners, ${seconds} s: ${pass ? 'holds' : 'misses'} (${describe(detail)})`)
      return { pass, detail }
    }
    context.log(`Figure 12 on ${setup.label}: warming up with ${learnersText(Math.min(startOf(setup), maxOf(setup)))} learners for ${WARM_UP_SECONDS} s`)
    await measure(Math.min(startOf(setup), maxOf(setup)), WARM_UP_SECONDS)
    const { capacity, next } = await findCapacity({ start: Math.min(startOf(setup), maxOf(setup)), max: maxOf(setup), scoutSeconds: SCOUT_SECONDS, seconds: SECONDS, bisections: BISECTIONS, grain: 100, measure })
    pushRows(context, setup, capacity, next, baselineRps, limit, hashMs)
    if (SOAK_SECONDS > 0 && capacity) {
      const learners = Math.round(capacity.learners * 0.8)
      await loadRarePaths(context, setup, app, site, lastCourseCompleter(maxOf(setup)))
      await soak(context, setup, app, request, learners)
    }
  } finally {
    await app.stop()
  }
}

function pushRows(context: Context, setup: Setup, capacity: Step<Detail> | undefined, next: Step<Detail> | undefined, baselineRps: number, limit: Limit, hashMs: number) {
  const name = `12. Capacity, ${setup.label}`
  const learners = capacity?.learners ?? 0
  context.rows.push({
    figure: `${name}: concurrent learners (${SECONDS} s steps; each kind's p99 ≤ ${REQUEST_P99_MS} ms, pages ≤ ${PAGE_P99_MS} ms, a sign-in ≤ ${Math.round(limit('sign-in'))} ms, kinds with < ${MIN_ANSWERS} answers judged together; 0 errors)`,
    value: `${next ? '' : '≥ '}${learnersText(learners)}`,
    baseline: perSecond(baselineRps),
    ratio: capacity ? percent(capacity.detail.rate / baselineRps) : '',
    target: `≥ ${learnersText(setup.target)}`,
    pass: learners >= setup.target,
  })
  if (capacity) {
    context.rows.push(
      {
        figure: `12. (${setup.label} at ${learnersText(learners)}: requests/s; the nearest its limit; generator lag; load average)`,
        value: `${perSecond(capacity.detail.rate)}; ${judgedText(nearestLimit(capacity.detail))}; ${Math.round(capacity.detail.lagMs)} ms; ${capacity.detail.load.toFixed(2)}`,
      },
      cpuRow(setup, capacity),
      {
        figure: `12. ${setup.label}: RSS per process at capacity (${setup.processes > 1 ? 'primary, workers' : 'one process'})`,
        value: capacity.detail.rss.map(MB).join(', '),
        target: `≤ ${MB(MAX_RSS_BYTES)}`,
        pass: capacity.detail.rss.every((rss) => rss <= MAX_RSS_BYTES),
      },
    )
  }
  if (next) {
    context.rows.push(
      { figure: `12. (${setup.label}: the first to fail, at ${learnersText(next.learners)} learners)`, value: firstToFail(next.detail) },
      // What the server saw of the step: whether the answers were slow inside it or outside it. A
      // sign-in is mostly its hash: how far the busy server stretched it says how much of the
      // sign-in's limit was left for everything else (docs/decisions/0096-a-sign-in-s-limit-includes-its-hash.md).
      {
        figure: `12. (${setup.label} at ${learnersText(next.learners)}, the server's own metrics: its time for the watch reports; its password hashes, against ${Math.round(hashMs)} ms alone; its event loop's delay; its full garbage collections)`,
        value: serverText(next.detail.server),
      },
    )
  }
}

/**
 * Where the cores went at capacity, per request, and what the target's rate would ask of them at
 * those costs: of the server's event loops (its processes' main threads, each on one core at most,
 * where requests queue), of its processes (the event loops and the threads beside them: hashes,
 * compression, garbage collection), and of the machine, whose cores the load generator and
 * PostgreSQL share with the server (0092).
 */
function cpuRow(setup: Setup, capacity: Step<Detail>) {
  const { cpu, sent } = capacity.detail
  const per = { server: cpu.server / sent, eventLoops: cpu.eventLoops / sent, postgres: cpu.postgres / sent, generator: cpu.generator / sent }
  const targetRate = modelTotalRate(setup.target)
  const cores = os.availableParallelism()
  const servers = Math.min(setup.processes, cores)
  const eventLoopShare = (targetRate * per.eventLoops) / (1000 * servers)
  const serverShare = (targetRate * per.server) / (1000 * servers)
  const machineShare = (targetRate * (per.server + per.postgres + per.generator)) / (1000 * cores)
  const ms = (value: number) => value.toFixed(2)
  const processes = setup.processes > 1 ? `${setup.processes} processes` : 'process'
  return {
    figure: `12. (${setup.label} at ${learnersText(capacity.learners)}: CPU ms per request of the server (of it, on its ${eventLoops(setup.processes)}), PostgreSQL, the load generator; at ${learnersText(setup.target)} learners, ${perSecond(targetRate)}, these costs would keep busy: the server's ${eventLoops(setup.processes)}, its ${processes}, the ${cores} cores)`,
    value: `${ms(per.server)} (${ms(per.eventLoops)}), ${ms(per.postgres)}, ${ms(per.generator)}; ${percent(eventLoopShare)}, ${percent(serverShare)}, ${percent(machineShare)}`,
  }
}

const nearestLimit = (detail: Detail) => detail.judged.toSorted((one, other) => other.load - one.load)[0]

/** What missed: failed requests first, else the p99 furthest past its limit. */
function firstToFail(detail: Detail): string {
  const failing = detail.judged.filter((line) => line.failures > 0)
  if (failing.length > 0) return failing.map((line) => `${line.name}: ${line.failures} failed (${line.firstFailure})`).join('; ')
  const worst = nearestLimit(detail)
  return worst ? judgedText(worst) : 'nothing sent'
}

function judgedText(line: Judged | undefined): string {
  if (!line) return 'nothing sent'
  const failed = line.failures ? ` ${line.failures} failed (${line.firstFailure})` : ''
  if (!line.members) return `${line.name} p99 ${Math.round(line.p99)} ms (limit ${Math.round(line.limit)} ms)${failed}`
  const slowest = line.members.map((member) => `${member.kind} ${member.count}, slowest ${Math.round(member.slowest)} ms`).join(', ')
  return `${line.name} p99 ${percent(line.p99)} of their limits (${slowest})${failed}`
}

function describe(detail: Detail): string {
  const lines = detail.judged.map((line) => judgedText(line)).join('; ')
  // The event loops' time over the step's: how near a queue the server's JavaScript was.
  const busy = detail.cpu.eventLoops / ((detail.sent / detail.rate) * 1000 * detail.servers)
  return `${perSecond(detail.rate)}; ${lines}; the server's own ${serverText(detail.server)}; its ${eventLoops(detail.servers)} ${percent(busy)} busy; RSS ${detail.rss.map(MB).join('/')}; lag ${Math.round(detail.lagMs)} ms; load ${detail.load.toFixed(2)}`
}

/** The server's own metrics (the figure's servers run with METRICS=on). */
async function scrapeServer(app: App) {
  const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`)
  return readServerScrape(await response.text())
}

/** RSS of the process and of its children (WEB_CONCURRENCY's workers), from /proc. */
const processRss = (pid: number): number[] => withChildren(pid).map((id) => Number(fs.readFileSync(`/proc/${id}/statm`, 'utf8').split(' ')[1]) * 4096)

/** Every module's first lesson a YouTube video, module 7's second an uploaded one; the knowledge checks as published. */
export async function prepareSite(app: App): Promise<LearnerSite> {
  const url = app.url
  const adminCookie = await signIn(url, ADMIN)
  const file = await makeFile(MEDIA_BYTES)
  try {
    const mediaId = await uploadFile(url, adminCookie, file, MEDIA_BYTES)
    const headers = { cookie: adminCookie, origin: url, 'content-type': 'application/json' }
    const checks = new Map<string, KnowledgeCheck>()
    for (let number = 1; number <= 8; number += 1) {
      const moduleId = `m${number}`
      const draft = (await (await fetch(`${url}/api/admin/course/modules/${moduleId}`, { headers })).json()) as {
        revision: number
        module: { lessons: { id: string }[]; knowledgeCheck?: KnowledgeCheck }
      }
      const video = (index: number) =>
        index === 0
          ? { provider: 'youtube', id: 'dQw4w9WgXcQ' }
          : number === 7 && index === 1
            ? { provider: 'upload', mediaId, posterMediaId: null, durationSeconds: null, captions: [] }
            : undefined
      const lessons = draft.module.lessons.map((lesson, index) => (video(index) ? { ...lesson, video: video(index) } : lesson))
      const saved = await fetch(`${url}/api/admin/course/modules/${moduleId}`, { method: 'PUT', headers, body: JSON.stringify({ baseRevision: draft.revision, module: { ...draft.module, lessons } }) })
      if (!saved.ok) throw new Error(`Saving ${moduleId} failed: ${saved.status} ${await saved.text()}`)
      if (draft.module.knowledgeCheck) checks.set(moduleId, draft.module.knowledgeCheck)
    }
    const published = await fetch(`${url}/api/admin/course/publish`, { method: 'POST', headers, body: JSON.stringify({ note: 'Bench: videos for figure 12' }) })
    if (!published.ok) throw new Error(`Publishing failed: ${published.status} ${await published.text()}`)
    const { version } = (await published.json()) as { version: number }
    return { url, secret: app.secret, adminCookie, version, mediaId, mediaBytes: MEDIA_BYTES, checks }
  } finally {
    await fs.promises.rm(path.dirname(file), { recursive: true, force: true })
  }
}

/** The seeded learner with the most modules complete (seven: lib/seed.ts) numbered highest, past the soak's learners. */
const lastCourseCompleter = (seeded: number) => seeded - ((seeded + 1) % 8)

/**
 * What a server loads on first use (0103): the libraries of a journey e-mail, the certificate PDF
 * and the signed credential. A server that has run a while has loaded them; a soak whose server
 * loaded them midway (the journeys' scan, every 15 minutes, sends the first e-mails) would count
 * that one step (about 36 MB) as growth. So learner `learner` completes the course, downloads the
 * certificate and the credential, and the admin sends a test of the completion e-mail (sent before
 * the answer, with the certificate attached).
 */
async function loadRarePaths(context: Context, setup: Setup, app: App, site: LearnerSite, learner: number) {
  const learnerHeaders = { cookie: learnerCookie(learner, app.secret), origin: app.url, 'content-type': 'application/json' }
  const adminHeaders = { ...learnerHeaders, cookie: site.adminCookie }
  const mailDir = path.join(app.dataDir, 'mail')
  const mailed = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0)
  const mailedBefore = mailed()
  const answers = new Set<string>()
  // Each on a connection of its own, twice per process, so that WEB_CONCURRENCY's workers (handed
  // connections in turn) each serve one of each.
  const send = (route: string, headers: Record<string, string>, method = 'GET', body?: string) =>
    new Promise<void>((resolve, reject) => {
      const outgoing = http.request(`${app.url}${route}`, { method, headers, agent: false }, (response) => {
        response.resume().on('end', () => resolve(void answers.add(`${method} ${route} ${response.statusCode}`)))
      })
      outgoing.on('error', reject).end(body)
    })
  await send('/api/progress/8', learnerHeaders, 'PUT', JSON.stringify({ completed: true }))
  for (let round = 0; round < 2 * setup.processes; round += 1) {
    await send('/api/certificate.pdf', learnerHeaders)
    await send('/api/certificate/credential.json', learnerHeaders)
    await send('/api/admin/emails/test', adminHeaders, 'POST', JSON.stringify({ kind: 'completion' }))
  }
  // Without SMTP_URL the server saves each e-mail under DATA_DIR/mail.
  context.log(`Figure 12 on ${setup.label}: before the soak, learner ${learnersText(learner)} completed the course: ${[...answers].join(', ')}; ${mailed() - mailedBefore} e-mails saved`)
}

/** The model at 80 % of capacity for SOAK_SECONDS: RSS in the run's last fifth against its second. */
async function soak(context: Context, setup: Setup, app: App, request: ReturnType<typeof learnerRequests>, learners: number) {
  context.log(`Figure 12 on ${setup.label}: soak, ${learnersText(learners)} learners for ${SOAK_SECONDS} s`)
  const samples: number[] = []
  const timer = setInterval(() => samples.push(Math.max(...processRss(app.pid))), 5_000)
  const result = await runOpenLoop({ url: app.url, arrivals: schedule(learners, SOAK_SECONDS, 2), request, connections: CONNECTIONS }).finally(() => clearInterval(timer))
  const fifth = Math.max(1, Math.floor(samples.length / 5))
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const growth = mean(samples.slice(-fifth)) / mean(samples.slice(fifth, 2 * fifth)) - 1
  const failures = [...result.kinds.values()].reduce((sum, outcome) => sum + outcome.failures, 0)
  // A failed soak says what failed, as a missed step does.
  const failed = [...result.kinds].filter(([, outcome]) => outcome.failures > 0)
  if (failed.length > 0) context.log(`Figure 12 on ${setup.label}: soak failures: ${failed.map(([kind, outcome]) => `${kind} ${outcome.failures} (first: ${outcome.firstFailure})`).join('; ')}`)
  context.log(`Figure 12 on ${setup.label}: soak RSS every 5 s (MB): ${samples.map((rss) => Math.round(rss / 1024 / 1024)).join(' ')}`)
  context.rows.push({
    figure: `12. ${setup.label}: RSS growth over ${SOAK_SECONDS} s at ${learnersText(learners)} learners (80 % of capacity); failures`,
    value: `${growth >= 0 ? '+' : ''}${percent(growth)}; ${failures}`,
    target: `< +${percent(MAX_SOAK_GROWTH)}; 0`,
    pass: growth < MAX_SOAK_GROWTH && failures === 0,
  })
}
