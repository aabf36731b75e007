// What every figure gets: the running servers, a place for its rows, and the durations.
import type { BenchDatabase } from './database'
import { load, type LoadResult } from './load'
import type { Row } from './table'
import type { App, Server } from './servers'

export type Target = { app: App; database: BenchDatabase; label: 'PGlite' | 'PostgreSQL'; learners: number }

export type Context = {
  baseline: Server
  pglite: Target
  postgres: Target | undefined
  rows: Row[]
  /** Seeds learners up to `count` on PostgreSQL (figures 5 and 7 need 10,000). */
  growPostgres: (count: number) => Promise<void>
  log: (message: string) => void
}

/** Learners 1..LOAD_LEARNERS are seeded everywhere: one per connection for figures 1 and 2. */
export const LOAD_LEARNERS = 50

/** The bare node:http hello-world under the same load shape, just before or after a figure. */
export function measureBaseline(context: Context, connections: number, duration: number): Promise<LoadResult> {
  return load({ url: context.baseline.url, connections, duration })
}

/** Every target the run has, PostgreSQL first (the main targets are on it). */
export const targets = (context: Context): Target[] => [...(context.postgres ? [context.postgres] : []), context.pglite]
