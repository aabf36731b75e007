import { AppError } from '../errors'
import { knownMigrations } from './manifest'

/** Runs one SQL statement and gives its rows: PGlite's `query` or a pg client's, wrapped alike. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Every table of the database (drizzle's migration record included) with its row count, keyed
 * `schema.table`. Generic on purpose: a table a later migration adds is counted, backed up and
 * checked without a change here.
 */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = (await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  )) as { schema: string; name: string }[]
  if (tables.length === 0) return {}
  const counts = (await query(
    tables
      .map(({ schema, name }) => `select '${schema}.${name.replaceAll("'", "''")}' as "table", count(*)::int as rows from ${quote(schema)}.${quote(name)}`)
      .join(' union all '),
  )) as { table: string; rows: number }[]
  return Object.fromEntries(counts.map((row) => [row.table, Number(row.rows)]))
}

/** The last migration applied, by its file name under drizzle/; null for a database never migrated. */
export async function lastMigration(query: Query): Promise<string | null> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`)
  if (!exists?.exists) return null
  const [last] = await query('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1')
  if (!last) return null
  const when = Number(last.created_at)
  return knownMigrations().find((migration) => migration.when === when)?.tag ?? `unknown migration of ${new Date(when).toISOString()}`
}

/** A backup made by a newer version of the portal has migrations this one cannot take back. */
export function assertKnownMigration(migration: string | null) {
  if (migration !== null && !knownMigrations().some((known) => known.tag === migration)) {
    throw new AppError(
      'CONFLICT',
      `This backup's database has a migration this version of the portal does not know (${migration}): restore it with the version that made it, or a newer one. Nothing was changed.`,
    )
  }
}

/** A restored database must hold exactly the rows the backup counted, table by table. */
export function assertSameCounts(expected: Record<string, number>, actual: Record<string, number>) {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort()
  const different = names.find((name) => expected[name] !== actual[name])
  if (different) {
    throw new AppError(
      'INTERNAL',
      `The restored database does not match the backup (table ${different}: ${actual[different] ?? 'missing'} rows, the backup has ${expected[different] ?? 'no such table'}). Nothing was changed.`,
    )
  }
}

/** How many accounts the database holds: a restore over any needs --force. */
export async function userCount(query: Query): Promise<number> {
  const [exists] = await query(`select to_regclass('public.user') is not null as "exists"`)
  if (!exists?.exists) return 0
  const [row] = await query('select count(*)::int as n from "user"')
  return Number(row?.n ?? 0)
}
