import type { PageInfo } from './paging'

/** Every security-relevant action the audit log records (docs/decisions/0048-audit-log.md). */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_reset',
  'recovery_codes_regenerated',
  'session_ended',
  'other_sessions_ended',
  'user_sessions_ended',
  'user_created',
  'user_details_changed',
  'user_role_changed',
  'user_deleted',
  'user_disabled',
  'user_enabled',
  'progress_reset',
  'course_published',
  'course_restored',
  'course_schedule_changed',
  'schedule_lifted',
  'schedule_restored',
  'email_unsubscribed',
  'email_preferences_changed',
  'email_settings_changed',
  'email_reminder_requested',
  'email_test_sent',
  'certificate_policy_changed',
  'certificate_renewed',
  'course_reset',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What the Activity screen and the CSV call each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  password_changed: 'Changed password',
  password_reset: 'Reset password by e-mail link',
  two_factor_enabled: 'Turned on two-factor sign-in',
  two_factor_disabled: 'Turned off two-factor sign-in',
  two_factor_reset: 'Reset two-factor sign-in',
  recovery_codes_regenerated: 'Made new recovery codes',
  session_ended: 'Signed out another session',
  other_sessions_ended: 'Signed out everywhere else',
  user_sessions_ended: "Ended a user's sessions",
  user_created: 'Created user',
  user_details_changed: 'Changed user details',
  user_role_changed: 'Changed role',
  user_deleted: 'Deleted user',
  user_disabled: 'Disabled user',
  user_enabled: 'Enabled user',
  progress_reset: 'Reset progress',
  course_published: 'Published the course',
  course_restored: 'Restored a course version to the draft',
  course_schedule_changed: 'Changed the course schedule',
  schedule_lifted: 'Opened every module for a learner',
  schedule_restored: 'Put a learner back on the schedule',
  email_unsubscribed: 'Unsubscribed from an e-mail',
  email_preferences_changed: 'Changed e-mail preferences',
  email_settings_changed: 'Changed the e-mail settings',
  email_reminder_requested: 'Sent a reminder',
  email_test_sent: 'Sent a test e-mail',
  certificate_policy_changed: 'Changed how long certificates are valid',
  certificate_renewed: 'Renewed a certificate',
  course_reset: "Reset a learner's course",
}

/**
 * Who acted: a signed-in user (or the user a sign-in is about), or one of the portal's own
 * callers that have no account: the command line, the purchase webhook, the server itself (the
 * first admin), or nobody known (a failed sign-in).
 */
export const AUDIT_ACTOR_KINDS = ['user', 'cli', 'webhook', 'system', 'anonymous'] as const
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number]

export const auditActorLabels: Record<Exclude<AuditActorKind, 'user'>, string> = {
  cli: 'Command line',
  webhook: 'Purchase webhook',
  system: 'Portal (first start)',
  anonymous: 'Not signed in',
}

/** The facts an entry keeps beside who and whom; each action has its own few. */
export type AuditDetail = Partial<{
  /** sign_in: 'password', 'authenticator app', 'recovery code'. */
  method: string
  /** sign_in_failed: which step, and why (the API's error code). */
  step: string
  reason: string
  /** user_created: 'admin', 'cli', 'webhook', 'import', 'first start'; with the role. */
  via: string
  role: string
  /** user_details_changed: old → new e-mail; whether the name changed. */
  emailFrom: string
  emailTo: string
  isNameChanged: boolean
  /** user_role_changed. */
  roleFrom: string
  roleTo: string
  /** user_disabled / user_enabled by the webhook. */
  orderId: string
  /** course_published (the new version) and course_restored (the version restored). */
  version: number
  /** other_sessions_ended / user_sessions_ended: how many sessions ended. */
  sessionCount: number
  /** course_schedule_changed: the schedule's mode before and after. */
  scheduleFrom: string
  scheduleTo: string
  /** email_*: which e-mails (docs/decisions/0089-email-journeys.md), comma-separated where several. */
  emails: string
  /** certificate_policy_changed: months before and after ('never' when certificates do not expire). */
  validFrom: string
  validTo: string
  /** certificate_renewed: the certificate replaced and the new one; course_reset: the one revoked. */
  certificateFrom: string
  certificateTo: string
}>

/** One entry as the API answers it. */
export type AuditEntry = {
  id: string
  createdAt: string
  action: AuditAction
  actorKind: AuditActorKind
  actorId: string | null
  actorEmail: string | null
  targetId: string | null
  targetEmail: string | null
  detail: AuditDetail
  ip: string | null
  userAgent: string | null
  requestId: string | null
}

export type AuditPage = PageInfo & { entries: AuditEntry[] }

/** The entry's facts in one line of plain words, for the screen and the CSV. */
export function describeAuditDetail(detail: AuditDetail): string {
  const parts: string[] = []
  if (detail.method) parts.push(`with ${detail.method}`)
  if (detail.step) parts.push(`at the ${detail.step} step`)
  if (detail.reason) parts.push(`reason: ${detail.reason}`)
  if (detail.via) parts.push(`via ${detail.via}`)
  if (detail.role) parts.push(`role ${detail.role}`)
  if (detail.emailFrom || detail.emailTo) parts.push(`e-mail ${detail.emailFrom ?? ''} → ${detail.emailTo ?? ''}`)
  if (detail.isNameChanged) parts.push('name changed')
  if (detail.roleFrom || detail.roleTo) parts.push(`role ${detail.roleFrom ?? ''} → ${detail.roleTo ?? ''}`)
  if (detail.orderId) parts.push(`order ${detail.orderId}`)
  if (detail.version !== undefined) parts.push(`version ${detail.version}`)
  if (detail.scheduleFrom || detail.scheduleTo) parts.push(`schedule ${detail.scheduleFrom ?? ''} → ${detail.scheduleTo ?? ''}`)
  if (detail.sessionCount !== undefined) parts.push(`${detail.sessionCount} ${detail.sessionCount === 1 ? 'session' : 'sessions'}`)
  if (detail.emails !== undefined) parts.push(`e-mails: ${detail.emails || 'none'}`)
  if (detail.validFrom || detail.validTo) parts.push(`valid for ${detail.validFrom ?? ''} → ${detail.validTo ?? ''}`)
  if (detail.certificateTo) parts.push(`certificate ${detail.certificateFrom ?? ''} → ${detail.certificateTo}`)
  else if (detail.certificateFrom) parts.push(`certificate ${detail.certificateFrom} revoked`)
  return parts.join('; ')
}

/** Who, in words: the e-mail at the time, or the kind of caller. */
export const auditActorName = (entry: Pick<AuditEntry, 'actorKind' | 'actorEmail'>): string =>
  entry.actorKind === 'user' ? (entry.actorEmail ?? 'Unknown user') : auditActorLabels[entry.actorKind]
