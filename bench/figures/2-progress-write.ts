// Figure 2: mark a module complete and incomplete again (PUT /api/progress/:n), 50 connections,
// each a different learner toggling one module, against bare node:http, against PostgreSQL
// alone running the portal's statement (the session check and the toggle in one call) from
// pgbench, and against bare node:http + the driver sending it (the floor for a Node server).
import { LOAD_LEARNERS, measureBaseline, targets, type Context, type Target } from '../lib/context'
import { expectOk, load, type Request } from '../lib/load'
import { bareDatabaseRows, measureBareDatabase } from '../lib/bare-database'
import { databaseAlone } from '../lib/database-alone'
import { learnerCookie } from '../lib/seed'
import { ms, percent, perSecond } from '../lib/table'
import { CONNECTIONS, DUTIES_LABEL } from './1-progress-read'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = 3
/** PostgreSQL: a share of bare node:http, and of PostgreSQL alone running the same statements (pgbench). */
const MIN_RATIO = 0.05
const MIN_SHARE_OF_ALONE = 0.7
/** PGlite: its p99 (one statement per toggle; every write waits for the one before it). */
const MAX_PGLITE_P99_MS = 150

const toggle = (target: Target, n: number): Request[] => {
  const headers = { cookie: learnerCookie(n, target.app.secret), origin: target.app.url, accept: 'application/json' }
  const path = `/api/progress/${(n % 8) + 1}`
  return [
    { method: 'PUT', path, headers, body: '{"completed":true}' },
    { method: 'PUT', path, headers, body: '{"completed":false}' },
  ]
}

export async function figure2(context: Context) {
  for (const target of targets(context)) {
    context.log(`Figure 2 on ${target.label}: PUT /api/progress/:n, ${CONNECTIONS} connections, ${SECONDS} s`)
    await expectOk(target.app.url, toggle(target, 1)[0]!)
    const perConnection = (index: number) => toggle(target, (index % LOAD_LEARNERS) + 1)
    // Warmed up as figure 1's portal and the bare servers are: the first seconds compile the code
    // and plan the statements on every pooled connection.
    await load({ url: target.app.url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, perConnection })
    const baseline = await measureBaseline(context, CONNECTIONS, SECONDS / 2)
    const result = await load({ url: target.app.url, connections: CONNECTIONS, duration: SECONDS, perConnection })
    const ratio = result.rps / baseline.rps
    const name = `2. PUT /api/progress/:n, ${target.label}`
    const onPostgres = target.label === 'PostgreSQL'
    context.rows.push(
      { figure: `${name}: requests/s`, value: perSecond(result.rps), baseline: perSecond(baseline.rps), ratio: percent(ratio), ...(onPostgres ? { target: `≥ ${percent(MIN_RATIO)}`, pass: ratio >= MIN_RATIO } : {}) },
      { figure: `${name}: p99`, value: ms(result.p99), ...(onPostgres ? {} : { target: `≤ ${MAX_PGLITE_P99_MS} ms`, pass: result.p99 <= MAX_PGLITE_P99_MS }) },
      { figure: `${name}: non-2xx`, value: String(result.failures), target: '0', pass: result.failures === 0 },
    )
    const alone = await databaseAlone(target, 'write', SECONDS / 2)
    if (alone) {
      const share = result.rps / alone.tps
      context.rows.push(
        { figure: `2. (${alone.label})`, value: perSecond(alone.tps), baseline: perSecond(baseline.rps), ratio: percent(alone.tps / baseline.rps) },
        { figure: `${name}: share of the database alone`, value: `${perSecond(result.rps)} of ${perSecond(alone.tps)}`, ratio: percent(share), target: `≥ ${percent(MIN_SHARE_OF_ALONE)}`, pass: share >= MIN_SHARE_OF_ALONE },
      )
    }
    const bare = await measureBareDatabase(target, CONNECTIONS, SECONDS, perConnection)
    const driver = onPostgres ? 'pg' : 'PGlite'
    const label = `bare node:http + ${driver}, the same toggle statement, cookie HMAC unchecked`
    context.rows.push(...bareDatabaseRows('2', label, bare, baseline))
    if (onPostgres) {
      const withDuties = await measureBareDatabase(target, CONNECTIONS, SECONDS, perConnection, { withDuties: true })
      context.rows.push(...bareDatabaseRows('2', `${DUTIES_LABEL}, body checked`, withDuties, baseline))
    }
    // What a Node server with nothing but the driver keeps of the database alone: the ceiling for the 70 % target.
    if (alone) context.rows.push({ figure: `2. (${label}): share of the database alone`, value: `${perSecond(bare.rps)} of ${perSecond(alone.tps)}`, ratio: percent(bare.rps / alone.tps) })
  }
}
