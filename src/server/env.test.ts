import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadEnv } from './env'

const problemsOf = (source: Record<string, string>) => {
  try {
    loadEnv(source)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('loadEnv', () => {
  it('needs nothing on a fresh machine', () => {
    const env = loadEnv({})
    expect(env).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databasePoolSize: 10,
      smtpUrl: undefined,
      adminEmail: 'admin@example.com',
      isProduction: false,
    })
    expect(env.site.tagline).toBe('Success Without Sacrifice')
    expect(env.site.priceUsd).toBe(1199)
  })

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadEnv({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(loadEnv({ PUBLIC_URL: 'https://learn.example.com/' }).publicUrl).toBe('https://learn.example.com')
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_EMAIL: 'root' }, 'ADMIN_EMAIL'],
    [{ BETTER_AUTH_SECRET: 'short' }, 'BETTER_AUTH_SECRET'],
    [{ WEBHOOK_SECRET: 'x'.repeat(31) }, 'WEBHOOK_SECRET'],
    [{ NODE_ENV: 'production' }, 'BETTER_AUTH_SECRET'],
    [{ SITE_PRICE_USD: 'free' }, 'SITE_PRICE_USD'],
    [{ REQUIRE_ADMIN_2FA: 'yes' }, 'REQUIRE_ADMIN_2FA'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ METRICS: 'yes' }, 'METRICS'],
    [{ METRICS: 'on' }, 'METRICS_TOKEN'],
    [{ METRICS: 'on', METRICS_TOKEN: 't'.repeat(31) }, 'METRICS_TOKEN'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ WEB_CONCURRENCY: 'two' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY'],
    [{ BACKUP_AT: '3:00' }, 'BACKUP_AT'],
    [{ BACKUP_AT: '24:00' }, 'BACKUP_AT'],
    [{ BACKUP_AT: '03:60' }, 'BACKUP_AT'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP'],
    [{ BACKUP_KEEP: 'all' }, 'BACKUP_KEEP'],
  ])('%j stops the start with a message naming %s', (source, variable) => {
    const problems = problemsOf(source)
    expect(problems.length).toBeGreaterThan(0)
    expect(problems.join('\n')).toContain(`${variable}:`)
  })

  it('schedules no backups by default; BACKUP_DIR turns them on at BACKUP_AT, keeping BACKUP_KEEP', () => {
    expect(loadEnv({}).backups).toEqual({ dir: undefined, at: { hour: 3, minute: 0 }, keep: 7 })
    expect(loadEnv({ BACKUP_DIR: 'backups', BACKUP_AT: '23:45', BACKUP_KEEP: '30' }).backups).toEqual({
      dir: path.resolve('backups'),
      at: { hour: 23, minute: 45 },
      keep: 30,
    })
    expect(problemsOf({ BACKUP_AT: '3am' })).toEqual(['BACKUP_AT: must be a time of day as HH:MM, 24-hour (e.g. 03:00)'])
  })

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', ADMIN_EMAIL: 'y' })).toHaveLength(2)
  })

  it('treats an empty value as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined()
    expect(loadEnv({ WEBHOOK_SECRET: '' }).webhookSecret).toBeUndefined()
  })

  it('takes a webhook secret of 32 characters or more; none by default', () => {
    expect(loadEnv({}).webhookSecret).toBeUndefined()
    expect(loadEnv({ WEBHOOK_SECRET: 'w'.repeat(32) }).webhookSecret).toBe('w'.repeat(32))
  })

  it('requires two-factor sign-in of admins unless REQUIRE_ADMIN_2FA is false', () => {
    expect(loadEnv({}).requireAdminTwoFactor).toBe(true)
    expect(loadEnv({ REQUIRE_ADMIN_2FA: '' }).requireAdminTwoFactor).toBe(true)
    expect(loadEnv({ REQUIRE_ADMIN_2FA: 'false' }).requireAdminTwoFactor).toBe(false)
    expect(loadEnv({ REQUIRE_ADMIN_2FA: '0' }).requireAdminTwoFactor).toBe(false)
    expect(loadEnv({ REQUIRE_ADMIN_2FA: '1' }).requireAdminTwoFactor).toBe(true)
  })

  it('logs at info, silently under NODE_ENV=test, pretty in development only; LOG_LEVEL decides', () => {
    expect(loadEnv({})).toMatchObject({ logLevel: 'info', prettyLogs: true })
    expect(loadEnv({ NODE_ENV: 'test' })).toMatchObject({ logLevel: 'silent', prettyLogs: false })
    expect(loadEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 's'.repeat(32) })).toMatchObject({ logLevel: 'info', prettyLogs: false })
    expect(loadEnv({ LOG_LEVEL: 'debug', NODE_ENV: 'test' }).logLevel).toBe('debug')
  })

  it('keeps metrics off unless METRICS=on, which needs a token of 32 characters or more', () => {
    expect(loadEnv({}).metrics).toEqual({ enabled: false })
    expect(loadEnv({ METRICS: 'off', METRICS_TOKEN: 'm'.repeat(32) }).metrics).toEqual({ enabled: false })
    expect(loadEnv({ METRICS: 'on', METRICS_TOKEN: 'm'.repeat(32) }).metrics).toEqual({ enabled: true, token: 'm'.repeat(32) })
  })

  it('runs one process unless WEB_CONCURRENCY says more, which needs PostgreSQL', () => {
    expect(loadEnv({}).webConcurrency).toBe(1)
    expect(loadEnv({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1)
    expect(loadEnv({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/portal' }).webConcurrency).toBe(4)
    expect(problemsOf({ WEB_CONCURRENCY: '2' })).toEqual([
      'WEB_CONCURRENCY: more than one server process needs PostgreSQL (DATABASE_URL); the embedded database can be opened by one process only',
    ])
  })
})
