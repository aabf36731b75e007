import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { attachCache, createCoherentCache } from '../cache/coherent-cache'
import { trackWrites } from '../cache/tracked-pglite'
import type { PoolStats } from '../observability/metrics'
import { logger } from '../observability/logger'
import { projectRoot } from '../project-root'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** The handle a `db.transaction` callback gets; it reads and writes like `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
  db: Db
  dialect: 'pglite' | 'postgres'
  /**
   * Applies pending migrations; safe to call from several processes at once. Tests of the
   * migrations themselves pass a folder holding only the earlier ones.
   */
  migrate(folder?: string): Promise<void>
  /** Flushes to disk (PGlite) and closes every connection. */
  close(): Promise<void>
  /** PostgreSQL: the pool's connections (for the metrics). */
  poolStats?: () => PoolStats
}

export const migrationsFolder = path.join(projectRoot, 'drizzle')

/** Any number both processes agree on, so concurrent starts migrate one at a time. */
const MIGRATION_LOCK_ID = 727_001

/**
 * PGlite's buffer cache lives in the server process's own memory, and PostgreSQL's default of
 * 128 MB filled with every page ever read: a third of the process at capacity (figure 12). The
 * portal's working set is a few megabytes; what falls out is read again from the data directory.
 */
const PGLITE_SHARED_BUFFERS = '32MB'

/**
 * The embedded database. `source` is a directory, or omitted for an in-memory database
 * (tests), or a dump to start from (tests start from an already migrated copy). `loadDump` fills
 * a new directory from a dump (a restore).
 */
export async function openPglite(source?: string | Blob, { loadDump }: { loadDump?: Blob } = {}): Promise<Database & { pglite: PGlite }> {
  // pg_trgm backs the admin panel's user search (migration 0001).
  const extensions = { pg_trgm }
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`]
  const client =
    source instanceof Blob
      ? await PGlite.create({ loadDataDir: source, extensions, startParams })
      : await PGlite.create(source, { extensions, loadDataDir: loadDump, startParams })
  // One process owns the data directory (data-dir-lock.ts), so every write passes through this
  // handle, which keeps the in-process cache of sessions and progress coherent
  // (docs/decisions/0061-coherent-cache-on-pglite.md). `pglite` stays the untracked handle, for
  // the backups' dumps, which only read.
  const cache = createCoherentCache()
  const db = drizzlePglite({ client: trackWrites(client, cache), schema })
  attachCache(db, cache)
  return {
    pglite: client,
    db: db as unknown as Db,
    dialect: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    async close() {
      if (client.closed) return
      await client.query('CHECKPOINT')
      await client.close()
    },
  }
}

type PreparedStatement = { execute(values: Record<string, unknown>): Promise<unknown> }
type DrizzleInternals = {
  dialect: { sqlToQuery(query: SQL): unknown }
  session: { prepareQuery(query: unknown, fields: undefined, name: string, isResponseInArrayMode: boolean): PreparedStatement }
}

/**
 * A statement written in SQL, with `sql.placeholder`s, prepared as Drizzle prepares its query
 * builder's `.prepare(name)`: built once, and on PostgreSQL a named statement each connection parses
 * and plans once. Drizzle offers `.prepare` only on its builders, so this reaches the same two
 * internals `db.execute` uses. It answers the driver's result, `{ rows }`, as `db.execute` does.
 */
export function prepareSql(db: Db, name: string, query: SQL): PreparedStatement {
  const internals = db as unknown as DrizzleInternals
  return internals.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false)
}

/** The rows of a raw statement's result: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <Row>(result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[]

/** The handles `openPostgres` made: routes that save a round trip on PostgreSQL only ask (routes/progress.ts). */
const postgresHandles = new WeakSet<Db>()
export const isOnPostgres = (db: Db): boolean => postgresHandles.has(db)

/** Connections each server process keeps to PostgreSQL unless DATABASE_POOL_SIZE says otherwise (env.ts). */
export const POSTGRES_POOL_SIZE = 10

/** What random_page_cost the portal's PostgreSQL connections plan with: SSD or memory, not disk seeks. */
const RANDOM_PAGE_COST = 1.1

export async function openPostgres(connectionString: string, poolSize = POSTGRES_POOL_SIZE): Promise<Database> {
  // Imported here: a server on PGlite never loads the driver (docs/decisions/0103-rarely-used-libraries-load-on-first-use.md).
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ])
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // The planner's default (4) prices a random page read as a disk seek. The portal's tables are
    // read from memory, and at that price tables of a few hundred rows were scanned whole on every
    // session check (docs/decisions/0075-planner-random-page-cost.md). The pool waits for this
    // before it hands a new connection out: a query sent while another runs on the same client is
    // deprecated in pg 8 and refused from pg 9.
    onConnect: (client) =>
      client.query(`set random_page_cost = ${RANDOM_PAGE_COST}`).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not set random_page_cost on a PostgreSQL connection'),
      ),
  })
  // An idle connection the server ends (a restart, a failover) is replaced on the next query;
  // without a listener its error would crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'an idle PostgreSQL connection was closed'))
  // Fail at start, with the server's own message, rather than on the first request.
  const probe = await pool.connect()
  probe.release()
  const db = drizzlePostgres({ client: pool, schema })
  postgresHandles.add(db as unknown as Db)
  return {
    db: db as unknown as Db,
    dialect: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async migrate(folder = migrationsFolder) {
      const lock = await pool.connect()
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        await migratePostgres(db, { migrationsFolder: folder })
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
        lock.release()
      }
    },
    async close() {
      // pool.end() resolves once every connection is asked to close, not once it has: wait for
      // each one's 'remove', so a database dropped right after (tests) cuts off nothing still open.
      const open = pool.totalCount
      let removed = 0
      const allRemoved = new Promise<void>((resolve) => {
        if (open === 0) resolve()
        pool.on('remove', () => ++removed >= open && resolve())
      })
      await pool.end()
      await allRemoved
    },
  }
}
