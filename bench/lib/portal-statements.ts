// The portal's own SQL text for GET /api/progress and PUT /api/progress/:n, rendered from the
// modules that send it (one source of truth), for the bare reference server.
import { Placeholder, type SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import { sessionLookup } from '../../src/server/auth/session-lookup'
import type { Db } from '../../src/server/db/client'
import { sessionLookupWithProgress } from '../../src/server/services/progress-read'
import { pgliteToggleSql, postgresToggleInSessionSql } from '../../src/server/services/progress-sql'

export type Statement = {
  name: string
  text: string
  /** The statement's parameters in order, from the values of its named placeholders. */
  values: (named: Record<string, unknown>) => unknown[]
}

const statement = (name: string, query: { sql: string; params: unknown[] }): Statement => ({
  name,
  text: query.sql,
  values: (named) => query.params.map((param) => (param instanceof Placeholder ? named[param.name] : param)),
})

const render = (query: SQL) => new PgDialect().sqlToQuery(query)

/** Only builds queries: drizzle.mock() has no connection. */
const mockDb = drizzle.mock() as unknown as Db

export const portalStatements = {
  /** The session check every signed-in request makes: [session id, expires at, user id, email, name, …]. */
  sessionLookup: statement('session_lookup', sessionLookup(mockDb).toSQL()),
  /** GET /api/progress on PostgreSQL: the session check with the progress rows as JSON, column 8. */
  sessionLookupWithProgress: statement('session_lookup_with_progress', sessionLookupWithProgress(mockDb).toSQL()),
  /** PUT /api/progress/:n on PostgreSQL: the session check and the toggle, one call told which way (`isCompleted`). */
  postgresToggleInSession: statement('progress_toggle_in_session', render(postgresToggleInSessionSql)),
  /** setModuleCompleted's one statement on PGlite, completing and uncompleting. */
  pgliteComplete: statement('progress_complete', render(pgliteToggleSql(true))),
  pgliteUncomplete: statement('progress_uncomplete', render(pgliteToggleSql(false))),
}
