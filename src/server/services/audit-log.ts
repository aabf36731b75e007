import type { AuditAction, AuditDetail } from '../../shared/audit'
import type { Db, Tx } from '../db/client'
import { auditLog } from '../db/schema'

/** Who acted: an account (its id and e-mail at the time), or a caller without one. */
export type AuditActor =
  | { kind: 'user'; id: string; email: string }
  | { kind: 'cli' | 'webhook' | 'system' | 'anonymous' }

/**
 * Who and where, handed from a route (or the CLI, the webhook, the server's start) to the
 * service that does the action, which writes the entry with the action's own transaction.
 */
export type AuditContext = {
  actor: AuditActor
  ip: string | null
  userAgent: string | null
  requestId: string | null
}

/** Whom an action was about: an account, or only an address (a sign-in with an unknown e-mail). */
export type AuditTarget = { id: string | null; email: string | null }

export type AuditRecord = { action: AuditAction; target: AuditTarget | null; detail?: AuditDetail }

/** Caps on what a client can make us store: an e-mail (RFC 5321) and a user agent. */
const EMAIL_STORED_MAX = 320
const USER_AGENT_STORED_MAX = 512

const capped = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max))

/** The context of an action with no request behind it: the command line, the server's start. */
export const offlineContext = (kind: 'cli' | 'system'): AuditContext => ({
  actor: { kind },
  ip: null,
  userAgent: null,
  requestId: null,
})

/** The same request, acting as another actor (a sign-in acts as the user it signed in). */
export const actingAs = (context: AuditContext, actor: AuditActor): AuditContext => ({ ...context, actor })

export const userActor = (person: { id: string; email: string }): AuditActor => ({ kind: 'user', id: person.id, email: person.email })

/**
 * Writes entries with the caller's handle: inside the action's transaction, so an action that
 * fails leaves none and an entry never exists without its action. The only write to the audit
 * log there is, besides the retention prune (services/audit-retention.ts).
 */
export async function recordAudit(db: Db | Tx, context: AuditContext, ...records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return
  const { actor } = context
  await db.insert(auditLog).values(
    records.map(({ action, target, detail }) => ({
      action,
      actorKind: actor.kind,
      actorId: actor.kind === 'user' ? actor.id : null,
      actorEmail: actor.kind === 'user' ? capped(actor.email, EMAIL_STORED_MAX) : null,
      targetId: target?.id ?? null,
      targetEmail: capped(target?.email?.toLowerCase(), EMAIL_STORED_MAX),
      detail: detail ?? {},
      ip: capped(context.ip, 64),
      userAgent: capped(context.userAgent, USER_AGENT_STORED_MAX),
      requestId: capped(context.requestId, 255),
    })),
  )
}
