// Figures 1 and 2's reference rows: what node:http and the database driver reach with the portal's
// own statements under the figure's load, with no framework in between (bare-database-server.mjs).
// The floor for any Node server on this machine, where pgbench (in C, no HTTP) is not one.
import { LOAD_LEARNERS, type Target } from './context'
import { createPgliteDatabase } from './database'
import { expectOk, load, type LoadResult, type Request } from './load'
import { seedLearners } from './seed'
import { startBareDatabaseServer } from './servers'
import { ms, percent, perSecond, type Row } from './table'

const WARM_UP_SECONDS = 2

/**
 * The figure's load (`perConnection`, the same requests the portal gets) against the bare server on
 * the target's kind of database: on PostgreSQL the portal's own database, on PGlite a fresh copy
 * seeded alike (the portal's is held by its process). `withDuties`: the bare server also does what
 * every answer of the portal must (the cookie's HMAC, security headers, request id, log line).
 */
export async function measureBareDatabase(
  target: Target,
  connections: number,
  seconds: number,
  perConnection: (index: number) => Request[],
  { withDuties = false } = {},
): Promise<LoadResult> {
  const copy = target.database.databaseUrl ? undefined : await createPgliteDatabase((database) => seedLearners(database, 1, LOAD_LEARNERS))
  const server = await startBareDatabaseServer(
    copy ? { dataDir: copy.dataDir } : { databaseUrl: target.database.databaseUrl },
    withDuties ? target.app.secret : undefined,
  )
  try {
    await expectOk(server.url, perConnection(0)[0]!)
    await load({ url: server.url, connections, duration: WARM_UP_SECONDS, perConnection })
    return await load({ url: server.url, connections, duration: seconds, perConnection })
  } finally {
    await server.stop()
    await copy?.drop()
  }
}

/** The reference rows, in brackets and without a target: requests/s against bare node:http, p99, non-2xx. */
export function bareDatabaseRows(figure: string, label: string, result: LoadResult, baseline: LoadResult): Row[] {
  const name = `${figure}. (${label})`
  return [
    { figure: `${name}: requests/s`, value: perSecond(result.rps), baseline: perSecond(baseline.rps), ratio: percent(result.rps / baseline.rps) },
    { figure: `${name}: p99`, value: ms(result.p99), baseline: ms(baseline.p99) },
    { figure: `${name}: non-2xx`, value: String(result.failures) },
  ]
}
