import { Hono } from 'hono'
import { auditActionLabels, auditActorName, describeAuditDetail, type AuditEntry } from '../../shared/audit'
import { ActivityExportQuerySchema, ActivityQuerySchema } from '../../shared/schemas/audit'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { activityForExport, listActivity } from '../services/audit-log-list'
import { csvLine } from '../services/csv'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

const HEADER = ['Time (UTC)', 'Action', 'Actor', 'Actor ID', 'Target', 'Target ID', 'Details', 'IP Address', 'User Agent', 'Request ID']

const toCells = (entry: AuditEntry) => [
  entry.createdAt,
  auditActionLabels[entry.action],
  auditActorName(entry),
  entry.actorId,
  entry.targetEmail,
  entry.targetId,
  describeAuditDetail(entry.detail),
  entry.ip,
  entry.userAgent,
  entry.requestId,
]

/**
 * The Activity section: `GET /api/admin/activity` (a page of the audit log, filtered) and
 * `GET /api/admin/activity.csv` (every matching entry, formula-safe). Admin-only. Reading the log
 * is not itself logged.
 */
export function createAdminActivityRoutes({ db, guards }: AppDeps): ApiRoutes {
  const routes = new Hono<AuthedEnv>()
    .get('/activity', guards.requireAdmin, validate('query', ActivityQuerySchema), async (c) => c.json(await listActivity(db, c.req.valid('query'))))
    .get('/activity.csv', guards.requireAdmin, validate('query', ActivityExportQuerySchema), async (c) => {
      // The byte-order mark makes Excel read the file as UTF-8.
      let body = '\uFEFF' + csvLine(HEADER)
      for await (const entries of activityForExport(db, c.req.valid('query'))) body += entries.map((entry) => csvLine(toCells(entry))).join('')
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="activity-${new Date().toISOString().slice(0, 10)}.csv"`,
        'Cache-Control': 'no-store',
      })
    })
  return { path: '/api/admin', routes }
}
