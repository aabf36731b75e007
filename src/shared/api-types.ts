import type { PageInfo } from './paging'
import type { Role } from './schemas/fields'
import type { LearnerStatus } from './schemas/reports'

/**
 * The signed-in user's own record, as `GET /api/profile` returns it. The two flags are present
 * (and true) only when they hold, so a profile without them reads as before they existed.
 */
export type Profile = {
  id: string
  email: string
  fullName: string | null
  role: Role
  mustChangePassword: boolean
  /** Two-factor sign-in is on. */
  hasTwoFactor?: true
  /** An admin who must set up two-factor sign-in before anything else (REQUIRE_ADMIN_2FA). */
  mustSetUpTwoFactor?: true
}

/** `POST /api/auth/sign-in/email` when the password was right and a code is still due. */
export type TwoFactorChallenge = { twoFactorRequired: true }

/** `POST /api/auth/sign-in/email`: signed in (the profile), or a code still due. */
export type SignInAnswer = Profile | TwoFactorChallenge

/** `POST /api/auth/two-factor/enable`: the authenticator app's key, as an otpauth:// URI for the QR code. */
export type TwoFactorSetup = { totpUri: string }

/** Ten single-use recovery codes: after confirming the setup, and each time they are replaced. */
export type RecoveryCodes = { recoveryCodes: string[] }

/** `GET /api/profile/export`: everything the portal holds about the signed-in user. Dates are ISO 8601. */
export type PersonalDataExport = {
  exportedAt: string
  profile: {
    id: string
    email: string
    fullName: string | null
    role: Role
    createdAt: string
    lastActivityAt: string | null
  }
  twoFactor: { isEnabled: boolean }
  progress: { completedModules: { moduleId: string; moduleNumber: number | null; title: string | null; completedAt: string }[] }
  certificate: { id: string; recipientName: string | null; courseName: string; completedAt: string; issuedAt: string; verifyUrl: string } | null
  /** Signed-in browsers; no session token. */
  sessions: { createdAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null; isCurrent: boolean }[]
}

/** A problem with one field of a request: `path` names the field (`newPassword`, `lessons.0.title`). */
export type ApiErrorIssue = { path: string; message: string }

/**
 * What a 409 for a stale save adds (the course editor): who saved the newer version, and when
 * (ISO 8601), so the editor can say it in the admin's own time zone.
 */
export type ApiErrorChange = { changedBy: string; changedAt: string }

/**
 * One of the signed-in user's sessions (`GET /api/profile/sessions`): an opaque id, never the
 * token. `lastActiveAt` is when the session was last extended (at most daily), null if never.
 */
export type SignedInSession = {
  id: string
  createdAt: string
  lastActiveAt: string | null
  userAgent: string | null
  isCurrent: boolean
}

export type SessionList = { sessions: SignedInSession[] }

/** How many sessions an "end sessions" call ended. */
export type EndedSessions = { endedCount: number }

/** The body of every error answer from the API; the server narrows `code` to its own list. */
export type ApiErrorBody<Code extends string = string> = {
  error: { code: Code; message: string; issues?: ApiErrorIssue[] } & Partial<ApiErrorChange> & {
    /** A locked module's 403 (`MODULE_LOCKED`): when it opens, or the module to finish first. */
    opensAt?: string
    finishFirst?: number
  }
  /** The request's id (its `X-Request-Id`), as the server's log line for it has it: quote it in a report. */
  requestId?: string
}

/** One row of the admin panel's user list. */
export type AdminUser = {
  id: string
  email: string
  fullName: string | null
  role: Role
  /** Still holds a temporary password. */
  mustChangePassword: boolean
  /** Cannot sign in: the purchase was refunded (the purchase webhook). */
  isDisabled: boolean
  /** Modules completed, out of the course's module count. */
  completedModules: number
  createdAt: string
  /** Two-factor sign-in is on; present only then. */
  hasTwoFactor?: true
  /**
   * The login details e-mail: delivered, or not yet and being retried
   * (docs/decisions/0086-login-details-retried.md); absent when none was asked for.
   */
  loginDetails?: 'sent' | 'pending'
  /** An admin opened every module for them, whatever the course's schedule; present only then. */
  isScheduleLifted?: true
}

/** `POST /api/admin/users/:id/course-reset`: the learner after the reset, and the certificate it revoked. */
export type CourseReset = { user: AdminUser; revokedCertificateId: string | null }

/** `GET /api/admin/users`: one page, how many users match in all, and the published course's module count. */
export type AdminUserPage = PageInfo & { users: AdminUser[]; moduleCount: number }

/** `POST /api/admin/users`: the new user, and whether the login details e-mail went out. */
export type CreatedUser = { user: AdminUser; loginDetails: 'sent' | 'not-requested' | 'failed' }

/** One row of a bulk import: what the import does (or did) with it, and why not when refused. */
export type ImportRowResult = {
  /** The CSV line the row ends on (the header is line 1). */
  line: number
  email: string
  fullName: string
  role: string
  status: 'create' | 'exists' | 'error'
  errors: string[]
}

/** `POST /api/admin/imports`: every row, the counts, and (after a commit) what was created. */
export type ImportReport = {
  mode: 'dry-run' | 'commit'
  rows: ImportRowResult[]
  counts: { create: number; exists: number; error: number }
  /** Accounts created: 0 for a dry run. */
  created: number
  /** Whether e-mails with a link to choose a password are going out to the new accounts. */
  loginDetails: 'sending' | 'not-requested'
}

/** One learner in the reports. Dates are ISO 8601 (UTC). */
export type LearnerReportRow = {
  id: string
  email: string
  fullName: string | null
  completedModules: number
  percent: number
  status: LearnerStatus
  /** The latest sign-in or progress change; null if neither happened yet. */
  lastActivityAt: string | null
  /** When the course was first completed (the certificate's date). */
  completedAt: string | null
  certificateId: string | null
  isDisabled: boolean
  /** Each knowledge check of the published course, in course order: the best score (null: not taken) and the attempts. */
  knowledgeChecks: ReportKnowledgeCheck[]
}

export type ReportKnowledgeCheck = { moduleId: string; moduleNumber: number; bestScore: number | null; attempts: number }

/**
 * `GET /api/admin/reports`: totals over every learner, one page of those matching the filter, and the
 * published course's module count, which the percents are of.
 */
export type LearnerReport = PageInfo & {
  totals: { learners: number; completed: number; averagePercent: number }
  rows: LearnerReportRow[]
  moduleCount: number
}

/** One delivery of the purchase webhook, as the admin panel lists it. */
export type PurchaseDelivery = {
  id: string
  receivedAt: string
  event: string
  orderId: string
  email: string
  result: string
  /** Set for a delivery that repeated an earlier one (nothing was done again). */
  replayOf: string | null
  detail: string | null
}

/** `GET /api/admin/integrations/purchases`: the webhook's address and state, and the latest deliveries. */
export type PurchaseIntegration = PageInfo & {
  endpointUrl: string
  isConfigured: boolean
  deliveries: PurchaseDelivery[]
}
