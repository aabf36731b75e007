import { lt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema'
import { pruneAuditLog } from '../services/audit-retention'
import { createHarness, type Harness } from '../test/harness'

// The audit log's one way to delete, prune_audit_log, computes its own cutoff: it takes the
// retention in days, never less than one day, so no caller can name a cutoff that empties the log
// (docs/decisions/0048-audit-log.md). Who may run it: audit-prune.postgres.test.ts.

let h: Harness
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  h = await createHarness()
  await h.createUser()
})
afterAll(() => h.close())

const count = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n
const olderThan = async (days: number) =>
  (await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(lt(auditLog.createdAt, new Date(Date.now() - days * DAY_MS))))[0]!.n

describe('prune_audit_log', () => {
  it('never removes entries younger than a day, whatever it is given, and takes no cutoff', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)
    const entry = { action: 'sign_out', actorKind: 'anonymous', targetEmail: 'prune@example.com' }
    await h.db.insert(auditLog).values([
      { ...entry, createdAt: daysAgo(400) },
      { ...entry, createdAt: daysAgo(2) },
      { ...entry, createdAt: daysAgo(0.5) },
    ])
    const all = await count()
    expect(all).toBeGreaterThanOrEqual(4)

    // A cutoff in the future, or at the end of time, is no longer something a caller can name.
    await expect(h.db.execute(sql`select prune_audit_log('infinity')`)).rejects.toThrow()
    await expect(h.db.execute(sql`select prune_audit_log(now() + interval '1 day')`)).rejects.toThrow()
    await expect(h.db.execute(sql`select prune_audit_log('infinity'::timestamptz)`)).rejects.toThrow()
    expect(await count()).toBe(all)

    // The retention: only what is older goes.
    expect(await pruneAuditLog(h.db, 365)).toBe(1)
    expect(await count()).toBe(all - 1)

    // Fewer than one day (zero, negative, none) is one day: the entry two days old goes, the rest stay.
    for (const days of [sql`0`, sql`-30`, sql`null`]) await h.db.execute(sql`select prune_audit_log(${days}::integer)`)
    expect(await count()).toBe(all - 2)
    expect(await olderThan(1)).toBe(0)
    expect(await olderThan(0.25)).toBe(1)
  })
})
