import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import * as schema from '../db/schema'

/** Every table of the portal, by name. */
const TABLE_NAMES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))

/** Each table's rows as JSON, sorted: two snapshots are equal when no row was added, changed or removed. */
export type DbSnapshot = Record<string, string[]>

/** Every table's contents in one round trip (the bad-input suite takes one per request). */
export async function snapshotDb(db: Db, { except = [] as string[] } = {}): Promise<DbSnapshot> {
  const names = TABLE_NAMES.filter((name) => !except.includes(name))
  const selects = names.map(
    (name) =>
      sql`select ${name}::text as name, coalesce((select json_agg(row_to_json(t)::text order by row_to_json(t)::text) from ${sql.identifier(name)} t), '[]'::json)::text as rows`,
  )
  const result = await db.execute<{ name: string; rows: string }>(sql.join(selects, sql` union all `))
  const rows = (Array.isArray(result) ? result : (result as { rows: { name: string; rows: string }[] }).rows) as {
    name: string
    rows: string
  }[]
  return Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.rows) as string[]]))
}
