import type { Context } from 'hono'
import type { SessionUser } from '../auth/session'
import { requestHeader } from '../node-http'
import { userActor, type AuditContext } from '../services/audit-log'
import { clientIp } from './rate-limit'

/**
 * The audit context of a request: the signed-in user (or nobody yet), the client's address, its
 * user agent, and the request id (middleware/request-id.ts, set first in app.ts). Routes hand it to the
 * service that does the action.
 */
export function auditContextOf(c: Context, trustProxy: boolean, user?: Pick<SessionUser, 'id' | 'email'>): AuditContext {
  return {
    actor: user ? userActor(user) : { kind: 'anonymous' },
    ip: clientIp(c, trustProxy),
    userAgent: requestHeader(c, 'user-agent') ?? null,
    requestId: c.get('requestId') ?? null,
  }
}
