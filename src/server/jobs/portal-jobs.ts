import { keepMissingCredentials } from '../credentials/certificate-credential'
import type { Db } from '../db/client'
import type { Env } from '../env'
import type { MediaStorage } from '../media/storage'
import { tidyMedia } from '../media/maintenance'
import { logger } from '../observability/logger'
import { pruneAuditLog } from '../services/audit-retention'
import { scanJourneys } from '../services/email-journeys/scan'
import { sendJourneyEmail, type SendDeps } from '../services/email-journeys/send'
import { retryLoginDetails } from '../services/login-details'
import type { JobHandler, PeriodicJob } from './queue'
import { JOB_SLICE_MS } from './worker'

const MINUTE = 60_000

/**
 * Every timed or retried task of the server, as jobs of the queue (docs/decisions/0088-job-queue.md).
 * The nightly backup keeps its own timer: see the decision.
 */
export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  { name: 'journeys-scan', everyMs: 15 * MINUTE },
  { name: 'login-details-retry', everyMs: MINUTE },
  { name: 'credentials-keep', everyMs: MINUTE },
  { name: 'media-tidy', everyMs: 60 * MINUTE },
  { name: 'audit-prune', everyMs: 24 * 60 * MINUTE },
]

type PortalJobDeps = SendDeps & { db: Db; env: Pick<Env, 'publicUrl'>; mediaStorage: MediaStorage; auditRetentionDays: number }

export function portalJobHandlers(deps: PortalJobDeps): Record<string, JobHandler> {
  return {
    email: async (payload, { now }) => {
      await sendJourneyEmail(deps, payload, now)
    },
    'journeys-scan': async (_, { now }) => {
      const added = await scanJourneys(deps.db, now)
      if (added > 0) logger.info({ added }, 'E-mail journeys: e-mails queued')
    },
    'login-details-retry': async (_, { now }) => {
      await retryLoginDetails(deps, now)
    },
    'credentials-keep': async () => {
      await keepMissingCredentials(deps.db, deps.env, deps.courseStore.current().document.modules, { budgetMs: JOB_SLICE_MS })
    },
    'media-tidy': async (_, { now }) => {
      await tidyMedia(deps.db, deps.mediaStorage, now)
    },
    'audit-prune': async () => {
      const removed = await pruneAuditLog(deps.db, deps.auditRetentionDays)
      if (removed > 0) logger.info(`Audit log: ${removed} entries older than ${deps.auditRetentionDays} days removed.`)
    },
  }
}
