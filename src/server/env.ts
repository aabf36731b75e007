import path from 'node:path'
import { z } from 'zod'
import { parseSiteConfig, type SiteConfig } from '../shared/site-config'

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/** A whole number from the environment (unset or empty: the default); for a rate limit 0 switches it off. */
const wholeNumber = (fallback: number, min = 0) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be ${min} or more`)
      .default(fallback),
  )

/** A switch from the environment: true/false or 1/0 (unset or empty: the default). */
const trueOrFalse = (fallback: 'true' | 'false') =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default(fallback),
  )

const isOn = (value: 'on' | 'off' | 'true' | 'false' | '1' | '0') => value === 'on' || value === 'true' || value === '1'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optional(z.string()),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
  ),
  BETTER_AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().min(3)),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@example.com'),
  WEBHOOK_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  RATE_LIMIT_WINDOW_SECONDS: wholeNumber(15 * 60, 1),
  RATE_LIMIT_SIGN_IN_PER_IP: wholeNumber(50),
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: wholeNumber(10),
  RATE_LIMIT_RESET_PER_IP: wholeNumber(20),
  RATE_LIMIT_RESET_PER_ACCOUNT: wholeNumber(5),
  TRUST_PROXY: trueOrFalse('false'),
  TEMP_PASSWORD_TTL_DAYS: wholeNumber(30, 1),
  REQUIRE_ADMIN_2FA: trueOrFalse('true'),
  LOG_LEVEL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ),
  METRICS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' }).default('off'),
  ),
  METRICS_TOKEN: optional(z.string().min(32, 'must be at least 32 characters').regex(/^\S+$/, 'must not contain spaces')),
  WEB_CONCURRENCY: wholeNumber(1, 1),
  // Connections each server process keeps to PostgreSQL (docs/performance.md, "The pool").
  DATABASE_POOL_SIZE: wholeNumber(10, 1),
  // Set by the cluster primary for each process it forks (src/server/cluster.ts), not by people.
  PORTAL_SCHEDULER: z.enum(['0', '1']).optional(),
  // How often the job queue looks for due jobs (docs/decisions/0088-job-queue.md).
  JOBS_POLL_SECONDS: wholeNumber(5, 1),
  // Tests only (refused in production): the e-mail job stops between taking its job and sending, for a kill -9 test.
  JOBS_PAUSE_BEFORE_SEND: trueOrFalse('false'),
  BACKUP_DIR: optional(z.string()),
  BACKUP_AT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM, 24-hour (e.g. 03:00)')
      .default('03:00'),
  ),
  BACKUP_KEEP: wholeNumber(7, 1),
  AUDIT_RETENTION_DAYS: wholeNumber(365, 1),
  MEDIA_MAX_BYTES: wholeNumber(4 * 1024 ** 3, 1),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  S3_BUCKET: optional(z.string().min(3, 'must be a bucket name')),
  S3_REGION: optional(z.string().min(1)),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
})

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** Where uploaded media lives: S3-compatible object storage when S3_BUCKET is set, else DATA_DIR/media. */
export type S3Config = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }

export type Env = {
  nodeEnv: 'development' | 'production' | 'test'
  isProduction: boolean
  port: number
  host: string | undefined
  /** Where browsers reach the portal, without a trailing slash (PUBLIC_URL). */
  publicUrl: string
  /** PUBLIC_URL is https: browsers reach the portal over TLS only (HSTS). */
  isHttps: boolean
  /** Session cookies are `Secure` and `__Secure-` prefixed: in production, or whenever PUBLIC_URL is https. */
  secureCookies: boolean
  /** A path of the portal as a full URL under PUBLIC_URL, for e-mails, certificates and the webhook's address. */
  absoluteUrl: (path: string) => string
  dataDir: string
  databaseUrl: string | undefined
  /** DATABASE_POOL_SIZE: connections each server process keeps to PostgreSQL. */
  databasePoolSize: number
  authSecret: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  adminEmail: string
  /** Signs the purchase webhook's deliveries; without it the webhook answers 404. */
  webhookSecret: string | undefined
  /** Attempts allowed per window; 0 switches that limit off (see middleware/rate-limit). */
  rateLimits: RateLimits
  /** Only behind a reverse proxy: the client's address is then the last X-Forwarded-For entry. */
  trustProxy: boolean
  /** A temporary password no longer signs in after this many days. */
  temporaryPasswordTtlDays: number
  /** Audit log entries older than this many days are pruned daily (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number
  /**
   * An admin without two-factor sign-in is refused every admin call, and sent to set it up
   * (docs/decisions/0038-two-factor-sign-in.md).
   */
  requireAdminTwoFactor: boolean
  /** LOG_LEVEL; by default `info`, and `silent` under NODE_ENV=test. */
  logLevel: LogLevel
  /** Human-readable log lines instead of JSON: in development only. */
  prettyLogs: boolean
  /** `/metrics` answers (METRICS=on), to a scraper holding the token. */
  metrics: { enabled: false } | { enabled: true; token: string }
  /** Server processes on this machine (Node's cluster); more than one needs PostgreSQL. */
  webConcurrency: number
  /** Whether this process runs the timed jobs (nightly backups): every lone server, and one process of a cluster. */
  runsSchedules: boolean
  /** How often the job queue looks for due jobs, in ms (JOBS_POLL_SECONDS). */
  jobsPollMs: number
  /** A test's pause between taking an e-mail job and sending it (JOBS_PAUSE_BEFORE_SEND, never in production). */
  pauseBeforeSend: boolean
  /** Nightly backups (docs/backups.md): on when `dir` is set. */
  backups: BackupSchedule
  /** The largest upload accepted (MEDIA_MAX_BYTES). */
  mediaMaxBytes: number
  /** Object storage for media; without it, files under DATA_DIR/media. */
  s3: S3Config | undefined
  site: SiteConfig
}

export type BackupSchedule = {
  /** Where the nightly backups go; unset: no scheduled backups. */
  dir: string | undefined
  /** The local time of day they run. */
  at: { hour: number; minute: number }
  /** How many of them are kept; the oldest go first. */
  keep: number
}

export type RateLimits = {
  windowSeconds: number
  signInPerIp: number
  signInPerAccount: number
  resetPerIp: number
  resetPerAccount: number
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment once; every problem names its variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  const site = parseSiteConfig(source)
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)),
    ...(site.ok ? [] : site.errors),
  ]
  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.BETTER_AUTH_SECRET) {
    problems.push('BETTER_AUTH_SECRET: required when NODE_ENV=production')
  }
  // Metrics name every route and its traffic: never open to anyone (docs/decisions/0043-metrics-behind-a-token.md).
  if (parsed.success && isOn(parsed.data.METRICS) && !parsed.data.METRICS_TOKEN) {
    problems.push('METRICS_TOKEN: required when METRICS=on (the token a scraper sends as "Authorization: Bearer <token>")')
  }
  // One process owns an embedded database (docs/decisions/0013-embedded-database-by-default.md).
  if (parsed.success && parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.DATABASE_URL) {
    problems.push(
      'WEB_CONCURRENCY: more than one server process needs PostgreSQL (DATABASE_URL); the embedded database can be opened by one process only',
    )
  }
  if (parsed.success && S3_VARIABLES.some((name) => parsed.data[name])) {
    for (const name of S3_VARIABLES) if (!parsed.data[name]) problems.push(`${name}: required when any S3_ variable is set`)
  }
  if (!parsed.success || !site.ok || problems.length > 0) throw new ConfigError(problems)

  const data = parsed.data
  const publicUrl = (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/+$/, '')
  const isProduction = data.NODE_ENV === 'production'
  const isHttps = publicUrl.startsWith('https://')
  return {
    nodeEnv: data.NODE_ENV,
    isProduction,
    port: data.PORT,
    host: data.HOST,
    publicUrl,
    isHttps,
    secureCookies: isProduction || isHttps,
    absoluteUrl: (path) => `${publicUrl}${path}`,
    dataDir: path.resolve(data.DATA_DIR),
    databaseUrl: data.DATABASE_URL,
    databasePoolSize: data.DATABASE_POOL_SIZE,
    authSecret: data.BETTER_AUTH_SECRET,
    smtpUrl: data.SMTP_URL,
    mailFrom: data.MAIL_FROM ?? `"${site.config.tagline}" <no-reply@${new URL(publicUrl).hostname}>`,
    adminEmail: data.ADMIN_EMAIL.toLowerCase(),
    webhookSecret: data.WEBHOOK_SECRET,
    rateLimits: {
      windowSeconds: data.RATE_LIMIT_WINDOW_SECONDS,
      signInPerIp: data.RATE_LIMIT_SIGN_IN_PER_IP,
      signInPerAccount: data.RATE_LIMIT_SIGN_IN_PER_ACCOUNT,
      resetPerIp: data.RATE_LIMIT_RESET_PER_IP,
      resetPerAccount: data.RATE_LIMIT_RESET_PER_ACCOUNT,
    },
    trustProxy: isOn(data.TRUST_PROXY),
    temporaryPasswordTtlDays: data.TEMP_PASSWORD_TTL_DAYS,
    auditRetentionDays: data.AUDIT_RETENTION_DAYS,
    requireAdminTwoFactor: isOn(data.REQUIRE_ADMIN_2FA),
    logLevel: data.LOG_LEVEL ?? (data.NODE_ENV === 'test' ? 'silent' : 'info'),
    prettyLogs: data.NODE_ENV === 'development',
    metrics: isOn(data.METRICS) ? { enabled: true, token: data.METRICS_TOKEN! } : { enabled: false },
    webConcurrency: data.WEB_CONCURRENCY,
    runsSchedules: data.PORTAL_SCHEDULER !== '0',
    jobsPollMs: data.JOBS_POLL_SECONDS * 1000,
    pauseBeforeSend: !isProduction && isOn(data.JOBS_PAUSE_BEFORE_SEND),
    backups: {
      dir: data.BACKUP_DIR === undefined ? undefined : path.resolve(data.BACKUP_DIR),
      at: { hour: Number(data.BACKUP_AT.slice(0, 2)), minute: Number(data.BACKUP_AT.slice(3)) },
      keep: data.BACKUP_KEEP,
    },
    mediaMaxBytes: data.MEDIA_MAX_BYTES,
    s3: data.S3_BUCKET
      ? {
          endpoint: data.S3_ENDPOINT!,
          bucket: data.S3_BUCKET,
          region: data.S3_REGION ?? 'us-east-1',
          accessKeyId: data.S3_ACCESS_KEY_ID!,
          secretAccessKey: data.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
    site: site.config,
  }
}
