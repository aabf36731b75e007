import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import type { Db } from './client'
import { migrationsFolder } from './client'

type Journal = { entries: { tag: string; when: number }[] }

let latestWhen: number | undefined

/** The newest migration this build ships (drizzle/meta/_journal.json), read once. */
function latestShippedMigration(): number {
  if (latestWhen === undefined) {
    const journal = JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as Journal
    latestWhen = Math.max(...journal.entries.map((entry) => entry.when))
  }
  return latestWhen
}

/**
 * Whether the database holds every migration of this build. Drizzle's migrator applies those
 * newer than the newest row of its own table, so the same comparison says none is pending.
 */
export async function hasPendingMigrations(db: Db): Promise<boolean> {
  // Both drivers (PGlite, node-postgres) answer raw SQL with `rows`.
  const { rows } = (await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { last: string | number | null }[]
  }
  const last = rows[0]?.last
  return last === null || last === undefined || Number(last) < latestShippedMigration()
}
