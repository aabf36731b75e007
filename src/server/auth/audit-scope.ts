import { AsyncLocalStorage } from 'node:async_hooks'
import type { AuditContext } from '../services/audit-log'

/**
 * The audit context of the portal route that is calling Better Auth (better-auth-bridge.ts), for
 * the callbacks Better Auth runs during that call (auth.ts), which are handed no Hono context.
 * Kept in memory for the call, never in a header a browser could write.
 */
const scope = new AsyncLocalStorage<AuditContext>()

export const runInAuditScope = <T>(context: AuditContext, fn: () => T): T => scope.run(context, fn)

/** The calling route's context; outside one (Better Auth called directly), an anonymous one. */
export const currentAuditContext = (): AuditContext =>
  scope.getStore() ?? { actor: { kind: 'anonymous' }, ip: null, userAgent: null, requestId: null }
