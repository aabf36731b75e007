// Figure 8: what the course studio (the course in the database) did to the learner's hot paths:
// GET /api/progress and the module page's HTML, signed in, 50 connections, each a ratio to bare
// node:http measured next to it and the portal process's CPU time per request (which a loaded,
// shared machine disturbs far less than throughput); and the module page's own JavaScript. The "before" figures
// are this same file run on the last commit with the course in `.ts` files (f0d67d8), on this
// machine: docs/performance.md, "Course studio: before and after", says how to repeat it.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { LOAD_LEARNERS, measureBaseline, targets, type Context, type Target } from '../lib/context'
import { expectOk, load, type Request } from '../lib/load'
import { learnerCookie } from '../lib/seed'
import { root } from '../lib/servers'
import { kB, ms, percent, perSecond } from '../lib/table'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

type Before = { ratio: number; cpuMsPerRequest: number }

/**
 * Before the course studio (f0d67d8), the mean of two runs of this file on 2026-11-25 (about 15:40
 * and 15:43 UTC, on the machine of that day's fifth session, bare node:http at 78,700–90,000/s):
 * ratios to bare node:http, CPU per request, the module page's chunks in gzip bytes. CPU time is
 * the host's: the same commit took 0.18 ms per progress read on that day's third machine and
 * 0.15 ms on this one, so the "before" is taken again on each new machine (docs/performance.md,
 * figure 8).
 */
const BEFORE = {
  progress: { PostgreSQL: { ratio: 0.0721, cpuMsPerRequest: 0.15 }, PGlite: { ratio: 0.01, cpuMsPerRequest: 1.25 } },
  modulePage: { PostgreSQL: { ratio: 0.00268, cpuMsPerRequest: 7.04 }, PGlite: { ratio: 0.00188, cpuMsPerRequest: 10.01 } },
  moduleChunksGzip: 13_391,
} satisfies { progress: Record<Target['label'], Before>; modulePage: Record<Target['label'], Before>; moduleChunksGzip: number }

/** A ratio within this share of the one before counts as "not slower": a ratio's run-to-run spread here. */
const NOISE = 0.1

const paths = {
  progress: { path: '/api/progress', accept: 'application/json' },
  modulePage: { path: '/module/1', accept: 'text/html' },
} as const

const asLearner = (target: Target, n: number, which: keyof typeof paths): Request => ({
  path: paths[which].path,
  headers: { cookie: learnerCookie(n, target.app.secret), accept: paths[which].accept, 'accept-encoding': 'gzip, deflate, br' },
})

/**
 * The module page's own chunks as the build wrote them, gzip: `screens/module.tsx` → `module-<hash>.js`,
 * and since the course studio the page's body, shared with the admin's preview, `module-view-<hash>.js`.
 */
function moduleChunksGzip(): number {
  const assets = path.join(root, 'dist/client/assets')
  const chunks = fs.readdirSync(assets).filter((name) => /^module(-view)?-[\w-]{8}\.js$/.test(name))
  if (chunks.length === 0) throw new Error('No module-*.js chunk in dist/client/assets: build the client first')
  return chunks.reduce((sum, chunk) => sum + gzipSync(fs.readFileSync(path.join(assets, chunk)), { level: 9 }).length, 0)
}

const cpuMs = (value: number) => `${value.toFixed(2)} ms`

/** CPU seconds (user + system) a process has used: /proc/<pid>/stat's utime and stime, in ticks of 1/100 s. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

export async function figure8(context: Context) {
  for (const target of targets(context)) {
    for (const which of ['progress', 'modulePage'] as const) {
      const request = (n: number) => asLearner(target, (n % LOAD_LEARNERS) + 1, which)
      context.log(`Figure 8 on ${target.label}: GET ${paths[which].path}, ${CONNECTIONS} connections, ${SECONDS} s`)
      await expectOk(target.app.url, request(0))
      await load({ url: target.app.url, connections: CONNECTIONS, duration: 2, perConnection: (index) => [request(index)] })
      const baseline = await measureBaseline(context, CONNECTIONS, SECONDS)
      const cpuBefore = cpuSeconds(target.app.pid)
      const result = await load({ url: target.app.url, connections: CONNECTIONS, duration: SECONDS, perConnection: (index) => [request(index)] })
      const cpuMsPerRequest = ((cpuSeconds(target.app.pid) - cpuBefore) * 1000) / result.total
      const ratio = result.rps / baseline.rps
      const before = BEFORE[which][target.label]
      const name = `8. GET ${paths[which].path}, ${target.label}`
      context.rows.push(
        {
          figure: `${name}: requests/s (p99 ${ms(result.p99)}, ${result.failures} non-2xx)`,
          value: perSecond(result.rps),
          baseline: perSecond(baseline.rps),
          ratio: percent(ratio),
          target: `≥ ${percent(before.ratio * (1 - NOISE))} (before: ${percent(before.ratio)})`,
          pass: ratio >= before.ratio * (1 - NOISE) && result.failures === 0,
        },
        {
          figure: `${name}: the portal's CPU per request`,
          value: cpuMs(cpuMsPerRequest),
          target: `≤ ${cpuMs(before.cpuMsPerRequest * (1 + NOISE))} (before: ${cpuMs(before.cpuMsPerRequest)})`,
          pass: cpuMsPerRequest <= before.cpuMsPerRequest * (1 + NOISE),
        },
      )
    }
  }
  const chunks = moduleChunksGzip()
  context.rows.push({
    figure: '8. The module page’s own JS chunks (gzip)',
    value: kB(chunks),
    target: `< ${kB(BEFORE.moduleChunksGzip)} (before)`,
    pass: chunks < BEFORE.moduleChunksGzip,
  })
}
