import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './client'
import { openTestDatabase } from '../test/harness'

// The pool's new connections on PostgreSQL: each is set up for the planner before it serves a
// query (docs/decisions/0075-planner-random-page-cost.md), and never sent a query while another
// runs on it, which pg 8 warns about on the server's stderr and pg 9 refuses.
const warnings: string[] = []
process.on('warning', (warning) => warnings.push(warning.message))

let database: Database
let drop: () => Promise<void>

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
})

afterAll(async () => {
  await database.close()
  await drop()
})

describe('PostgreSQL connections', () => {
  it('plan with random_page_cost 1.1 from their first query, on every connection of the pool', async () => {
    // Held at once, these take several connections, most of them new.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        database.db.execute(sql`select pg_backend_pid() as pid, current_setting('random_page_cost') as cost from pg_sleep(0.1)`),
      ),
    )
    // On PostgreSQL, drizzle hands back node-postgres's result as it is.
    const rows = answers.map((answer) => (answer as { rows: { pid: number; cost: string }[] }).rows[0]!)
    expect(new Set(rows.map((row) => row.pid)).size).toBeGreaterThan(1)
    expect(rows.map((row) => row.cost)).toEqual(rows.map(() => '1.1'))
  })

  it('are never sent a query while one is running on them', () => {
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([])
  })
})
