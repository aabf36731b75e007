import type { Db } from '../db/client'
import { hasPendingMigrations } from '../db/migration-status'
import { AppError } from '../errors'

/** A database that has not answered by then counts as unreachable: a load balancer waits on this. */
const DATABASE_CHECK_TIMEOUT_MS = 2000

/**
 * Ready to serve: not shutting down, the database answers, and it holds every migration this
 * build ships. A refusal is a 503, so a load balancer or an orchestrator sends no traffic here
 * until it passes. A draining process still finishes what it is sent on connections already open
 * (Node keeps serving a busy keep-alive connection after the server closes): the 503 is what tells
 * a proxy that pools its connections to stop (docs/decisions/0069-readiness-while-draining.md).
 */
export async function checkReadiness(db: Db, isDraining = false): Promise<void> {
  if (isDraining) throw new AppError('NOT_READY', 'The server is shutting down.')
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DATABASE_CHECK_TIMEOUT_MS)
  })
  const pending = await Promise.race([hasPendingMigrations(db), timeout])
    .catch(() => 'unreachable' as const)
    .finally(() => clearTimeout(timer))
  if (pending === 'timeout' || pending === 'unreachable') {
    throw new AppError('NOT_READY', 'The database is not reachable.')
  }
  if (pending) throw new AppError('NOT_READY', 'The database has migrations still to apply.')
}
