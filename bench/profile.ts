// `node --import tsx bench/profile.ts <1|2|3|4|5|8|10|11|12> [pglite|postgres]`: one figure's load against a
// portal started with --cpu-prof, then a summary of where the server's CPU time went
// (bench/profile-summary.ts). For chasing a figure that misses its target.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { LOAD_LEARNERS, type Target } from './lib/context'
import { createPgliteDatabase, createPostgresDatabase, findPostgres } from './lib/database'
import { load, type Request } from './lib/load'
import { ADMIN, LEARNER_PASSWORD, learnerCookie, learnerEmail, seedAdmin, seedLearners, signIn } from './lib/seed'
import { root, startApp } from './lib/servers'
import { makeFile, ranges, uploadFile } from './figures/10-video'
import { mixedRequests } from './figures/11-mixed-load'
import { prepareSite } from './figures/12-capacity'
import { schedule } from './lib/learner-model'
import { learnerRequests } from './lib/learner-requests'
import { p99, runOpenLoop } from './lib/open-loop'
import { mediaUrl } from '../src/shared/media'

const [figure = '1', dialect = 'pglite'] = process.argv.slice(2)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const dir = path.join(root, 'bench/profiles', `figure${figure}-${dialect}-${Date.now()}`)

/** Figure 12: the learner model at this many learners (BENCH_CAPACITY_LEARNERS, 1,000). */
const modelLearners = Number(process.env.BENCH_CAPACITY_LEARNERS ?? 1_000)
const prepare = async (database: Parameters<Parameters<typeof createPgliteDatabase>[0]>[0]) => {
  await seedAdmin(database)
  await seedLearners(database, 1, figure === '5' ? 10_000 : figure === '12' ? modelLearners : LOAD_LEARNERS)
}
const database =
  dialect === 'postgres' ? await createPostgresDatabase((await findPostgres())!, prepare) : await createPgliteDatabase(prepare)
const app = await startApp({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, cpuProfileDir: dir })
const target: Target = { app, database, label: dialect === 'postgres' ? 'PostgreSQL' : 'PGlite', learners: LOAD_LEARNERS }
try {
  if (figure === '12') {
    const request = learnerRequests(await prepareSite(app))
    await runOpenLoop({ url: app.url, arrivals: schedule(modelLearners, 3), request, connections: 256 })
    const result = await runOpenLoop({ url: app.url, arrivals: schedule(modelLearners, seconds), request, connections: 256 })
    console.log(`${modelLearners} learners, ${Math.round(result.sent / seconds)} requests/s`)
    for (const [kind, outcome] of result.kinds) {
      console.log(`  ${kind}: ${outcome.latencies.length + outcome.failures} sent, p99 ${Math.round(p99(outcome.latencies))} ms, ${outcome.failures} failed`)
    }
    console.log(`  the slowest answer in each second, ms: ${result.worstBySecond.map(Math.round).join(' ')}`)
  } else {
    const cookie = (n: number) => learnerCookie(n, target.app.secret)
    const admin = figure === '5' || figure === '10' ? await signIn(app.url, ADMIN) : ''
    // Figure 10b: the 100 MB file in 1 MB ranges, as the admin (any file, no published lesson needed).
    const video = figure === '10' ? mediaUrl(await uploadFile(app.url, admin, await makeFile())) : ''
    const perConnection = (index: number): Request[] => {
      const n = (index % LOAD_LEARNERS) + 1
      switch (figure) {
        case '1':
          return [{ path: '/api/progress', headers: { cookie: cookie(n) } }]
        case '2':
          return [
            { method: 'PUT', path: `/api/progress/${(n % 8) + 1}`, headers: { cookie: cookie(n), origin: app.url }, body: '{"completed":true}' },
            { method: 'PUT', path: `/api/progress/${(n % 8) + 1}`, headers: { cookie: cookie(n), origin: app.url }, body: '{"completed":false}' },
          ]
        case '3':
          return [{ method: 'POST', path: '/api/auth/sign-in/email', headers: { origin: app.url }, body: JSON.stringify({ email: learnerEmail(n), password: LEARNER_PASSWORD }) }]
        case '4':
          return [{ path: '/sales', headers: { 'accept-encoding': 'gzip, deflate, br' } }]
        case '5':
          return [{ path: '/api/admin/users?page=1', headers: { cookie: admin } }]
        case '8':
          return [{ path: '/module/1', headers: { cookie: cookie(n), accept: 'text/html' } }]
        case '10':
          return ranges(index, video, { cookie: admin })
        case '11':
          return mixedRequests(app.url, app.secret, index)
        default:
          throw new Error(`No profile load for figure ${figure}`)
      }
    }
    // Figure 3 signs in 8 at once, figure 10 fetches ranges on 20; the others load 50 connections.
    const connections = figure === '3' ? 8 : figure === '10' ? 20 : 50
    await load({ url: app.url, connections, duration: 3, perConnection })
    const result = await load({ url: app.url, connections, duration: seconds, perConnection })
    const kinds = Object.entries(result.kinds ?? {}).map(([kind, { p99 }]) => `, ${kind}s' p99 ${Math.round(p99)} ms`)
    console.log(`${Math.round(result.rps)} requests/s, p99 ${result.p99} ms${kinds.join('')}, ${result.failures} failures`)
  }
} finally {
  await app.stop()
  await database.drop()
}
const main = fs.readdirSync(dir).sort()[0]!
spawnSync(process.execPath, ['--import', 'tsx', 'bench/profile-summary.ts', path.join(dir, main), '30'], { cwd: root, stdio: 'inherit' })
