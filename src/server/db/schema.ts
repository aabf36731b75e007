import { relations, sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  doublePrecision,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { AuditDetail } from '../../shared/audit'
import type { Course, ModuleContent } from '../../shared/course/schema'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

// Better Auth's tables (core + admin plugin), plus the portal's own user fields.

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /** The learner's full name; '' when none was given. */
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    /** Better Auth's name for a disabled account (`isDisabled` in the API; services/account-status.ts). */
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Two-factor sign-in (Better Auth's twoFactor plugin) is on: set once a first code confirmed it. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** When the current temporary password was issued; null once the learner chose their own. */
    temporaryPasswordIssuedAt: timestamp('temporary_password_issued_at', { withTimezone: true }),
    /**
     * The login details e-mail (docs/decisions/0086-login-details-retried.md): null when none was
     * asked for, 'sent' once delivered, 'pending' while it could not be and is retried.
     */
    loginDetails: text('login_details'),
    /** Failed tries of the pending e-mail, its latest failure, and when it is tried next. */
    loginDetailsAttempts: integer('login_details_attempts').notNull().default(0),
    loginDetailsLastError: text('login_details_last_error'),
    loginDetailsNextAttemptAt: timestamp('login_details_next_attempt_at', { withTimezone: true }),
    /** The learner's latest sign-in or progress change: the reports' "last activity". */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /** The learner's first sign-in: the start of the Insights' "days to certificate". */
    firstSignedInAt: timestamp('first_signed_in_at', { withTimezone: true }),
    /**
     * How the account was made (the audit entry's "via": admin, cli, webhook, import or first
     * start): the Insights' purchase-source filter.
     */
    source: text('source').notNull().default('admin'),
    /**
     * When an admin opened every module for this learner, whatever the course's schedule
     * (docs/decisions/0090-course-schedule.md); null while the schedule applies to them.
     */
    scheduleLiftedAt: timestamp('schedule_lifted_at', { withTimezone: true }),
    /**
     * How many modules of the published course the user has completed (module_progress rows of
     * its modules), kept by the progress service in the same transaction and recounted by every
     * publish: the one source of "modules completed" for the admin list and the reports, which
     * filter and total every learner by it without counting rows.
     */
    completedModules: smallint('completed_modules').notNull().default(0),
    /**
     * What the admin panel's search matches: e-mail and name, lower-cased once on write rather
     * than on every search. The line break keeps a term from matching across the two.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("email" || chr(10) || "name")`),
    ...timestamps,
  },
  (table) => [
    index('user_created_at_idx').on(table.createdAt, table.id),
    index('user_role_idx').on(table.role),
    // The retry's scan: only the few accounts whose e-mail is still owed.
    index('user_login_details_pending_idx')
      .on(table.loginDetailsNextAttemptAt)
      .where(sql`${table.loginDetails} = 'pending'`),
    check('user_login_details_check', sql`${table.loginDetails} in ('pending', 'sent')`),
    // The admin panel's search, a term anywhere in the e-mail or the name, answered by trigrams.
    index('user_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    check('user_role_check', sql`${table.role} in ('user', 'admin')`),
  ],
)

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
)

// For Better Auth's joins (auth.ts): a password sign-in reads the learner with their accounts in
// one statement (docs/decisions/0111-a-sign-in-reads-its-learner-once.md).
export const userRelations = relations(user, ({ many }) => ({ accounts: many(account) }))
export const sessionRelations = relations(session, ({ one }) => ({ user: one(user, { fields: [session.userId], references: [user.id] }) }))
export const accountRelations = relations(account, ({ one }) => ({ user: one(user, { fields: [account.userId], references: [user.id] }) }))

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

/**
 * Better Auth's twoFactor plugin: one row per user who started or finished setting up an
 * authenticator app. The secret and the recovery codes are encrypted with the auth secret; a
 * recovery code leaves the list when it is used. `verified` is false until a first code confirms
 * the setup (docs/decisions/0038-two-factor-sign-in.md).
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    /** Consecutive wrong codes at sign-in, across challenges; the account's code step locks at 10. */
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The time step (Unix time / 30 s) of the last authenticator code accepted: a code of that step
     * or an earlier one is refused, so each code is used once (docs/decisions/0084-watch-length-and-one-time-codes.md).
     */
    lastAcceptedStep: bigint('last_accepted_step', { mode: 'number' }),
  },
  (table) => [uniqueIndex('two_factor_user_id_idx').on(table.userId)],
)

// The course (docs/decisions/0035-course-content-in-the-database.md).

/**
 * Every published version of the course, whole, as one document checked by the shared course
 * schema. The live course is the highest version; the server holds it in memory, so learners'
 * reads never come here.
 */
export const courseVersion = pgTable('course_version', {
  version: integer('version').primaryKey(),
  document: jsonb('document').$type<Course>().notNull(),
  /**
   * The document's module ids in course order. A progress write counts a learner's completed
   * modules against the live version's ids in the same statement; this keeps it from reading the
   * whole document to do so.
   */
  moduleIds: text('module_ids').array().notNull(),
  note: text('note').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  publishedBy: text('published_by').references(() => user.id, { onDelete: 'set null' }),
  /** The publisher's name (or e-mail) at the time, kept if their account goes. */
  publishedByName: text('published_by_name').notNull(),
  /** The earlier version this one republished unchanged, if it is one. */
  restoredFrom: integer('restored_from'),
})

/**
 * The draft the admins edit: one row per module, so two admins editing different modules never
 * conflict, and a stale save of the same one is caught by `revision`.
 */
export const courseModuleDraft = pgTable('course_module_draft', {
  /** The module's stable id: progress is kept by it. */
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  /** The module without its id. */
  content: jsonb('content').$type<ModuleContent>().notNull(),
  /** 1 when made, one more with every change; a save names the revision it was based on. */
  revision: integer('revision').notNull().default(1),
  /** Taken out of the draft: learners see it until the next publish. */
  isRemoved: boolean('is_removed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name').notNull(),
})

/**
 * The course's schedule, one row (docs/decisions/0090-course-schedule.md): every module open
 * ('all', the default), each after the one before it ('in-order'), or each so many days after the
 * learner's first sign-in ('drip', days by module id). `revision` grows with every save, so a
 * process keeps the newest it has read.
 */
export const courseSchedule = pgTable(
  'course_schedule',
  {
    id: smallint('id').primaryKey().default(1),
    mode: text('mode').$type<'all' | 'in-order' | 'drip'>().notNull().default('all'),
    dripDays: jsonb('drip_days').$type<Record<string, number>>().notNull().default({}),
    revision: integer('revision').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('course_schedule_one_row', sql`${table.id} = 1`),
    check('course_schedule_mode_check', sql`${table.mode} in ('all', 'in-order', 'drip')`),
  ],
)

/**
 * One row per completed module, by the module's stable id, so moving a module keeps everyone's
 * progress on it. A module taken out of the course keeps its rows; they count again if it comes
 * back (docs/decisions/0036-course-changes-and-progress.md).
 */
export const moduleProgress = pgTable(
  'module_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.moduleId] })],
)
/** A learner's completed module as every reader of progress holds it (service, session check, cache). */
export type ProgressRow = Pick<typeof moduleProgress.$inferSelect, 'moduleId' | 'completedAt'>

/** One question of an attempt as the learner answered it, marked when it was submitted. */
export type AttemptAnswer = { questionId: string; optionIds: string[]; correct: boolean }

/**
 * Every submitted knowledge check attempt, marked on the server against the version it was taken on,
 * which it keeps when the course is republished; the best score counts
 * (docs/decisions/0052-knowledge-check-attempts.md).
 */
export const quizAttempt = pgTable(
  'quiz_attempt',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id').notNull(),
    courseVersion: integer('course_version').notNull(),
    answers: jsonb('answers').$type<AttemptAnswer[]>().notNull(),
    /** Percent of the questions answered right. */
    score: smallint('score').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The ids of the questions answered wrong, kept by the database from `answers`: the Insights'
     * most-missed questions count these few instead of unpacking every answer of every attempt.
     */
    wrongQuestionIds: jsonb('wrong_question_ids')
      .$type<string[]>()
      .generatedAlwaysAs(sql`jsonb_path_query_array(answers, '$[*] ? (@.correct == false).questionId')`),
  },
  (table) => [
    index('quiz_attempt_user_module_idx').on(table.userId, table.moduleId, table.createdAt),
    index('quiz_attempt_module_idx').on(table.moduleId, table.createdAt),
  ],
)

/**
 * Issued once per learner; outlives the account so a certificate stays verifiable. Deleting the
 * account erases the name: the id, the course and the dates stay
 * (docs/decisions/0037-deleted-accounts-and-certificates.md).
 */
export const certificate = pgTable(
  'certificate',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The name at issue; null once the account was deleted. */
    recipientName: text('recipient_name'),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    /** How many modules the course had when it was issued: what the certificate says was completed. */
    moduleCount: smallint('module_count').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its bit in the revocation status list (docs/decisions/0091-open-badges-credential.md). */
    statusIndex: serial('status_index').notNull(),
    /** Set when the account is deleted: the credential's status bit is then on. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The signed Open Badges credential, made on its first request and kept; null once erased. */
    credential: jsonb('credential').$type<Record<string, unknown>>(),
    /**
     * When it stops being valid: set at issue by the database (trigger `certificate_expiry`) from
     * `certificate_policy`; null when certificates do not expire (docs/decisions/0094-certificate-renewal.md).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The certificate that renewed this one; it stays verifiable, as replaced. */
    replacedBy: text('replaced_by'),
    /**
     * The learner's id on a certificate that is no longer their current one (renewed): `user_id`
     * is then null, so the learner's current certificate stays the one row with their id.
     */
    formerUserId: text('former_user_id'),
  },
  (table) => [uniqueIndex('certificate_user_id_idx').on(table.userId), uniqueIndex('certificate_status_index_idx').on(table.statusIndex)],
)

/** The owner's certificate validity: one row; `validMonths` null means certificates never expire. */
export const certificatePolicy = pgTable(
  'certificate_policy',
  {
    id: smallint('id').primaryKey().default(1),
    validMonths: smallint('valid_months'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('certificate_policy_one_row', sql`${table.id} = 1`)],
)

/**
 * The Ed25519 keys the credentials are signed with: the one without `retiredAt` signs; the
 * retired ones stay published so what they signed still verifies
 * (docs/decisions/0091-open-badges-credential.md).
 */
export const credentialKey = pgTable('credential_key', {
  /** The verification method's fragment: 'key-1', 'key-2', … */
  id: text('id').primaryKey(),
  publicKeyMultibase: text('public_key_multibase').notNull(),
  secretKeyMultibase: text('secret_key_multibase').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
}, (table) => [uniqueIndex('credential_key_current_idx').on(sql`(true)`).where(sql`${table.retiredAt} is null`)])

/** A signed revocation status list, kept until a revocation makes it out of date. */
export const credentialStatusList = pgTable('credential_status_list', {
  /** The list's number in its address (`/api/credentials/status/1`). */
  id: integer('id').primaryKey(),
  credential: jsonb('credential').$type<Record<string, unknown>>().notNull(),
  /** How many of its certificates were revoked when it was signed. */
  revokedCount: integer('revoked_count').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
})

// Security and integrations.

/** Fixed-window counters, kept in the database so limits hold across processes. */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/**
 * Every delivery of the purchase webhook, for idempotency and for the admin panel. The first
 * delivery of an order's event claims it (the partial unique index); a later delivery of the same
 * is recorded as a replay of it. Rejected and failed deliveries claim nothing, so a corrected or
 * retried delivery still goes through.
 */
export const purchaseEvent = pgTable(
  'purchase_event',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    event: text('event').notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    result: text('result').notNull(),
    /** The delivery this one repeats; null for a first delivery. */
    replayOf: text('replay_of'),
    /** Why a delivery was rejected or failed, or what went wrong after it (an e-mail not sent). */
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('purchase_event_order_event_idx')
      .on(table.orderId, table.event)
      .where(sql`${table.replayOf} is null and ${table.result} not in ('rejected', 'failed')`),
    index('purchase_event_received_at_idx').on(table.receivedAt),
  ],
)

/**
 * The audit log: one row per security-relevant action, written in the action's own transaction
 * (services/audit-log.ts). Append-only: the code has no update and no delete of it but the daily
 * retention prune, which goes through the `prune_audit_log` function; triggers refuse any other
 * (docs/decisions/0048-audit-log.md). Who and whom are plain columns, the e-mail as it was at the
 * time, with no foreign key: an entry outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Milliseconds, as JavaScript's Date holds them: the CSV export pages by (created_at, id).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    targetId: text('target_id'),
    targetEmail: text('target_email'),
    detail: jsonb('detail').$type<AuditDetail>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (table) => [
    // Ascending, as PostgreSQL walks them backwards for "newest first" (desc puts nulls first,
    // which an index declared desc nulls last would not match).
    index('audit_log_created_at_idx').on(table.createdAt, table.id),
    index('audit_log_action_created_at_idx').on(table.action, table.createdAt, table.id),
    // The Activity filters: a term anywhere in the actor's or the target's e-mail, by trigrams.
    index('audit_log_actor_email_trgm_idx').using('gin', table.actorEmail.op('gin_trgm_ops')),
    index('audit_log_target_email_trgm_idx').using('gin', table.targetEmail.op('gin_trgm_ops')),
  ],
)

// Video (docs/decisions/0054-video-uploads-and-storage.md, 0055-watch-tracking.md).

/**
 * A stored file: an uploaded video or captions file, or a poster frame taken from a video. Made
 * when its tus upload finishes: `processing` while the server checks (and, with ffmpeg, remuxes)
 * it, then `ready`, or `refused` with the reason, and no file kept.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    /** The tus upload it came from; a poster has none. */
    uploadId: text('upload_id'),
    kind: text('kind').$type<'video' | 'captions' | 'poster'>().notNull(),
    status: text('status').$type<'processing' | 'ready' | 'refused'>().notNull(),
    refusal: text('refusal'),
    contentType: text('content_type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    originalName: text('original_name').notNull(),
    durationSeconds: doublePrecision('duration_seconds'),
    posterMediaId: text('poster_media_id'),
    /** When a draft or a published version was first seen naming it: from then on, unnamed means deletable. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('media_upload_id_idx').on(table.uploadId)],
)

/**
 * A learner's watching of one lesson's video: the merged watched ranges as [start, end] seconds
 * (src/server/services/watch-ranges.ts), where they stopped, and the video's length.
 */
export const lessonWatch = pgTable(
  'lesson_watch',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    ranges: jsonb('ranges').$type<[number, number][]>().notNull(),
    positionSeconds: doublePrecision('position_seconds').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    percentWatched: smallint('percent_watched').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.moduleId, table.lessonId] }), index('lesson_watch_updated_at_idx').on(table.updatedAt)],
)

/**
 * A learner's latest watch report, one row each: its time bounds what the next report is credited,
 * and a report's write goes in only while `reports` is still the count it read, so two reports of
 * one learner at once are never both credited for the same time (docs/decisions/0097-watch-report-in-two-statements.md).
 */
export const watchClock = pgTable('watch_clock', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  reports: integer('reports').notNull(),
})

// The job queue and the e-mail journeys (docs/decisions/0088-job-queue.md, 0089-email-journeys.md).

/**
 * The durable job queue: a job waits until `run_at`, is taken by one process at a time (a lease
 * until `locked_until`, taken with FOR UPDATE SKIP LOCKED) and retried with backoff when it
 * fails. `key` makes an enqueue idempotent: a second job with the same key is not added. Done
 * jobs stay a while so a periodic job's key keeps holding.
 */
export const job = pgTable(
  'job',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key').unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** 'waiting' until it ran: then 'done', or 'dead' once it failed its last attempt. */
    state: text('state').notNull().default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('job_due_idx').on(table.runAt).where(sql`${table.state} = 'waiting'`),
    index('job_finished_at_idx').on(table.finishedAt),
    check('job_state_check', sql`${table.state} in ('waiting', 'done', 'dead')`),
  ],
)

/**
 * Every journey e-mail, one row per learner, kind and occasion (the unique key that makes it
 * sent once): 'sending' while a process holds it, then 'delivered' or 'failed' with the SMTP error.
 */
export const sentEmail = pgTable(
  'sent_email',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    occasion: text('occasion').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    /** Who asked for it: an admin's id for "Send a reminder now", null for the journeys. */
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sent_email_occasion_idx').on(table.userId, table.kind, table.occasion),
    index('sent_email_user_idx').on(table.userId, table.createdAt),
    check('sent_email_status_check', sql`${table.status} in ('sending', 'delivered', 'failed')`),
  ],
)

/** A kind of journey e-mail a learner turned off (the one-click unsubscribe or the preferences page). */
export const emailOptOut = pgTable(
  'email_opt_out',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
)

/** The owner's Settings → E-mails: one row, absent until first saved (the defaults apply). */
export const emailSettings = pgTable(
  'email_settings',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('email_settings_one_row', sql`${table.id} = 1`)],
)
