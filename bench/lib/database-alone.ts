// The database on its own, sent the statements the portal sends for a request: the most any
// application server could get from it on this machine. PostgreSQL is driven by pgbench (libpq,
// in C); PGlite runs in this process, with no HTTP in the way. Figures 1 and 2 show it next to
// the portal's rate (docs/performance.md).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openPglite, POSTGRES_POOL_SIZE } from '../../src/server/db/client'
import { LOAD_LEARNERS, type Target } from './context'
import { seedLearners } from './seed'

/** The session check every signed-in request makes (src/server/auth/session-lookup.ts). */
const sessionCheck = (token: string) => `select s.id, s.expires_at, u.id, u.email, u.name, u.role, u.must_change_password, u.two_factor_enabled
from session s inner join "user" u on u.id = s.user_id
where s.token = ${token} and s.expires_at > now() and u.banned = false
limit 1;`

/** The progress read (src/server/services/progress-read.ts): PGlite's second statement. */
const progressRead = (userId: string) => `select module_id, completed_at from module_progress where user_id = ${userId};`

/** GET /api/progress on PostgreSQL: the session check with the progress rows, one statement (services/progress-read.ts). */
const sessionCheckWithProgress = (token: string) => `select s.id, s.expires_at, u.id, u.email, u.name, u.role, u.must_change_password, u.two_factor_enabled,
  coalesce((select json_agg(json_build_array(p.module_id, (extract(epoch from p.completed_at) * 1000)::float8))
    from module_progress p where p.user_id = u.id), '[]'::json)
from session s inner join "user" u on u.id = s.user_id
where s.token = ${token} and s.expires_at > now() and u.banned = false
limit 1;`

/** pgbench client n plays learner n + 1 (seeded by bench/lib/seed.ts), as the load's connections do. */
const LEARNER = `
\\set n :client_id + 1
\\set m (:n % 8) + 1
`
const TOKEN = "'bench-session-token-' || :n"

/** Figure 1: the one statement. */
const PROGRESS_READ = [`${LEARNER}${sessionCheckWithProgress(TOKEN)}\n`]

/** PUT /api/progress/:n on PostgreSQL, the session check and the toggle in one call (src/server/services/progress-sql.ts), for learner :n and module m:m. */
const progressWrite = (isCompleted: boolean) => `${LEARNER}
select * from toggle_module_progress_in_session(${TOKEN}, 'm' || :m, ${isCompleted}, now(), 'SWS-' || md5(random()::text));
`

/** Figure 2: the portal's one statement, completing and uncompleting. */
const PROGRESS_WRITE = [progressWrite(true), progressWrite(false)]

/** As many pgbench clients as the portal's pool has connections (DATABASE_POOL_SIZE reaches the server too). */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE || POSTGRES_POOL_SIZE)

let hasPgbench: boolean | undefined

/**
 * The same queries as a figure's request, sent straight to the figure's kind of database: on
 * PostgreSQL by pgbench, as many at once as the portal's pool; on PGlite (reads only) in a fresh
 * in-process copy seeded alike. Undefined where it cannot run (no pgbench).
 */
export async function databaseAlone(target: Target, work: 'read' | 'write', seconds: number): Promise<{ label: string; tps: number } | undefined> {
  if (!target.database.databaseUrl) return work === 'read' ? { label: 'PGlite alone: the same queries in process, no HTTP', tps: await pgliteReads(seconds) } : undefined
  hasPgbench ??= spawnSync('pgbench', ['--version']).status === 0
  if (!hasPgbench) return undefined
  const tps = postgresAlone(target.database.databaseUrl, work, POOL_SIZE, seconds)
  return { label: `PostgreSQL alone: the same queries from pgbench, ${POOL_SIZE} clients`, tps }
}

/** A figure's statements from pgbench with `clients` connections: script runs per second. */
export const postgresAlone = (databaseUrl: string, work: 'read' | 'write', clients: number, seconds: number): number =>
  runPgbench(databaseUrl, work === 'read' ? PROGRESS_READ : PROGRESS_WRITE, { clients, seconds })

/** Session checks plus progress reads per second on PGlite, one after another as the server runs them. */
async function pgliteReads(seconds: number): Promise<number> {
  const database = await openPglite()
  try {
    await database.migrate()
    await seedLearners(database, 1, LOAD_LEARNERS)
    let count = 0
    const started = performance.now()
    const deadline = started + seconds * 1000
    while (performance.now() < deadline) {
      const n = (count % LOAD_LEARNERS) + 1
      await database.pglite.query(sessionCheck('$1'), [`bench-session-token-${n}`])
      await database.pglite.query(progressRead('$1'), [`learner-${n}`])
      count++
    }
    return count / ((performance.now() - started) / 1000)
  } finally {
    await database.close()
  }
}

/** Script runs per second. */
function runPgbench(databaseUrl: string, scripts: string[], { clients, seconds }: { clients: number; seconds: number }): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-pgbench-'))
  try {
    const files = scripts.map((script, i) => {
      const file = path.join(dir, `script-${i}.sql`)
      fs.writeFileSync(file, script)
      return ['-f', file]
    })
    const result = spawnSync(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(Math.max(1, Math.round(seconds))), ...files.flat(), databaseUrl],
      { encoding: 'utf8' },
    )
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1]
    if (result.status !== 0 || !tps) throw new Error(`pgbench failed:\n${result.stdout}\n${result.stderr}`)
    return Number(tps)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
