import type { Client } from 'pg'
import { logger } from '../observability/logger'

/** The channel a publish notifies on commit (src/server/course/publish.ts). */
export const COURSE_PUBLISHED_CHANNEL = 'course_published'

/** How the listener's connection shows in pg_stat_activity (the reconnection test finds it by this). */
export const LISTENER_APPLICATION_NAME = 'sws-course-listener'

const FIRST_RETRY_MS = 250
const LAST_RETRY_MS = 10_000

export type PublishListener = {
  /** Settles once the first connection has been tried, whether or not it worked. */
  ready: Promise<void>
  close(): Promise<void>
}

/**
 * Listens on PostgreSQL for publishes made by any process on the database, on a connection of its
 * own: LISTEN holds its connection for as long as it listens, so it cannot come from the pool.
 * `onPublished` runs for each notification, and also after every (re)connection, since
 * anything published while this process was not listening sent its notification to nobody.
 * A lost connection is retried, waiting longer each time, until `close`.
 */
export function listenForPublishes(connectionString: string, onPublished: () => void): PublishListener {
  let client: Client | undefined
  let isClosed = false
  let retryMs = FIRST_RETRY_MS
  let retry: NodeJS.Timeout | undefined
  const dropped = new WeakSet<Client>()

  const scheduleRetry = () => {
    if (isClosed || retry) return
    retry = setTimeout(() => {
      retry = undefined
      void connect()
    }, retryMs)
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)
  }

  const drop = (dead: Client, error?: Error) => {
    if (dropped.has(dead)) return
    dropped.add(dead)
    if (error && !isClosed) logger.warn({ err: error }, '[course] the publish listener lost its connection; reconnecting')
    if (client === dead) client = undefined
    dead.end().catch(() => {})
    scheduleRetry()
  }

  async function connect() {
    // Imported here, as openPostgres does: a server on PGlite never loads the driver (decision 0103).
    const { default: pg } = await import('pg')
    const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME, keepAlive: true })
    next.on('notification', (message) => {
      if (message.channel === COURSE_PUBLISHED_CHANNEL) onPublished()
    })
    next.on('error', (error) => drop(next, error))
    next.on('end', () => drop(next))
    try {
      await next.connect()
      await next.query(`listen ${COURSE_PUBLISHED_CHANNEL}`)
    } catch (error) {
      drop(next, error as Error)
      return
    }
    if (isClosed) {
      dropped.add(next)
      await next.end().catch(() => {})
      return
    }
    client = next
    retryMs = FIRST_RETRY_MS
    onPublished()
  }

  return {
    ready: connect(),
    async close() {
      isClosed = true
      clearTimeout(retry)
      const open = client
      client = undefined
      if (open) {
        dropped.add(open)
        await open.end().catch(() => {})
      }
    },
  }
}
