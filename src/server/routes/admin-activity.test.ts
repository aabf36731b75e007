import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema'
import { createHarness, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'

let h: Harness
let admin: TestClient
const JAN = Date.UTC(2026, 0, 1)
const at = (minutes: number) => new Date(JAN + minutes * 60_000)

/**
 * 120 entries on fixed times (one a minute from 1 January 2026): sign-ins of three learners,
 * role changes by one admin, and one entry whose e-mail and user agent look like formulas.
 */
beforeAll(async () => {
  h = await createHarness()
  admin = await h.clientAs('admin')
  const rows = Array.from({ length: 119 }, (_, i) => {
    const who = `learner${i % 3}@example.com`
    return i % 10 === 9
      ? { action: 'user_role_changed', actorKind: 'user', actorId: 'adm', actorEmail: 'boss@example.com', targetId: `u${i % 3}`, targetEmail: who, detail: { roleFrom: 'user', roleTo: 'admin' }, createdAt: at(i) }
      : { action: 'sign_in', actorKind: 'user', actorId: `u${i % 3}`, actorEmail: who, targetId: `u${i % 3}`, targetEmail: who, detail: { method: 'password' }, createdAt: at(i) }
  })
  rows.push({
    action: 'sign_in_failed',
    actorKind: 'anonymous',
    actorId: null as unknown as string,
    actorEmail: null as unknown as string,
    targetId: null as unknown as string,
    targetEmail: '=cmd|calc@example.com',
    detail: { step: 'password', reason: 'INVALID_CREDENTIALS' } as never,
    createdAt: at(119),
    // @ts-expect-error a column the other rows leave empty
    userAgent: '@SUM(1+1)',
  })
  await h.db.insert(auditLog).values(rows)
})
afterAll(() => h.close())

const list = (query = '') => admin.get(`/api/admin/activity${query ? `?${query}` : ''}`)
const fixed = (entries: { createdAt: string }[]) => entries.filter((entry) => entry.createdAt.startsWith('2026-01-01'))

describe('GET /api/admin/activity', () => {
  it.each(REFUSED_CALLERS)('%s → %i %s', async (caller, status, code) => {
    const response = await (await h.clientAs(caller)).get('/api/admin/activity')
    expect([response.status, response.json.error.code]).toEqual([status, code])
  })

  it('pages newest first, 50 at a time, with the total', async () => {
    const range = `from=${at(0).toISOString()}&to=${at(119).toISOString()}`
    const first = await list(range)
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ total: 120, page: 1, pageSize: 50, pageCount: 3, isTotalCapped: false })
    expect(first.json.entries).toHaveLength(50)
    expect(first.json.entries[0]).toMatchObject({ action: 'sign_in_failed', actorKind: 'anonymous', targetEmail: '=cmd|calc@example.com' })
    expect(first.json.entries[1]).toMatchObject({ createdAt: at(118).toISOString(), action: 'sign_in', actorEmail: 'learner1@example.com' })
    const third = await list(`${range}&page=3`)
    expect(third.json.entries.map((entry: { createdAt: string }) => entry.createdAt)).toEqual(
      Array.from({ length: 20 }, (_, i) => at(19 - i).toISOString()),
    )
    expect((await list(`${range}&page=4`)).json).toMatchObject({ entries: [], total: 120, page: 4 })
  })

  it('filters by actor, target, action and time, together', async () => {
    const byActor = await list('actor=BOSS')
    expect(byActor.json.total).toBe(11)
    expect(new Set(byActor.json.entries.map((entry: { action: string }) => entry.action))).toEqual(new Set(['user_role_changed']))
    const byTarget = await list('target=learner2')
    expect(fixed(byTarget.json.entries)).toHaveLength(39)
    expect((await list('target=u2')).json.total).toBe(39)
    const combined = await list(`actor=boss&target=learner0&action=user_role_changed&from=${at(0).toISOString()}&to=${at(60).toISOString()}`)
    // Role changes are entries 9, 19, …; those about learner0 (i % 3 = 0) up to minute 60: 9, 39.
    expect(combined.json.entries.map((entry: { createdAt: string }) => entry.createdAt)).toEqual([at(39).toISOString(), at(9).toISOString()])
    expect((await list('actor=nobody-at-all')).json).toMatchObject({ entries: [], total: 0, pageCount: 1 })
  })

  it('counts up to 10,000 matches, then says "more than", and still pages to the end', async () => {
    // 10,100 sign-ins, one a second from 1 June 2025: a window of their own.
    const JUNE = Date.UTC(2025, 5, 1)
    const second = (n: number) => new Date(JUNE + n * 1000).toISOString()
    await h.db.execute(sql`
      insert into audit_log (created_at, action, actor_kind, actor_id, actor_email, target_id, target_email)
      select ${second(0)}::timestamptz + make_interval(secs => n), 'sign_in', 'user', 'many', 'many@example.com', 'many', 'many@example.com'
      from generate_series(0, 10099) as n`)
    const window = (last: number) => `from=${second(0)}&to=${second(last)}`
    expect((await list(window(9_999))).json).toMatchObject({ total: 10_000, isTotalCapped: false, pageCount: 200 })
    const first = await list(window(10_000))
    expect(first.json).toMatchObject({ total: 10_000, isTotalCapped: true, pageCount: 201, page: 1 })
    expect(first.json.entries[0].createdAt).toBe(second(10_000))
    const all = window(10_099)
    // Past the cap nothing is counted: the next page exists, so more than what lies before it.
    expect((await list(`${all}&page=201`)).json).toMatchObject({ total: 10_050, isTotalCapped: true, pageCount: 202 })
    const last = await list(`${all}&page=202`)
    expect(last.json).toMatchObject({ total: 10_100, isTotalCapped: false, pageCount: 202 })
    expect(last.json.entries).toHaveLength(50)
    expect(last.json.entries.at(-1).createdAt).toBe(second(0))
    expect((await list(`${all}&page=203`)).json).toMatchObject({ entries: [], total: 10_000, isTotalCapped: true, pageCount: 201 })
    // An e-mail term over that many: still the newest first, and the same "more than".
    const byTerm = await list(`actor=MANY&${all}`)
    expect(byTerm.json).toMatchObject({ total: 10_000, isTotalCapped: true, pageCount: 201 })
    expect(byTerm.json.entries.map((entry: { createdAt: string }) => entry.createdAt)).toEqual(
      Array.from({ length: 50 }, (_, i) => second(10_099 - i)),
    )
    expect((await list(`actor=many&${window(9_999)}&page=200`)).json).toMatchObject({ total: 10_000, isTotalCapped: false, pageCount: 200 })
  })

  it.each([
    ['action=dance', 'Choose an action from the list'],
    ['from=yesterday', 'From must be a date and time (ISO 8601)'],
    [`from=${at(10).toISOString()}&to=${at(5).toISOString()}`, 'The start date must be on or before the end date'],
    [`actor=${'a'.repeat(256)}`, 'Actor must be less than 255 characters'],
    ['page=0', 'Page must be a whole number from 1'],
  ])('refuses %s with 400: %s', async (query, message) => {
    const response = await list(query)
    expect(response.status).toBe(400)
    expect(response.json.error.code).toBe('VALIDATION_FAILED')
    expect(JSON.stringify(response.json.error)).toContain(message)
  })
})

describe('GET /api/admin/activity.csv', () => {
  it.each(REFUSED_CALLERS)('%s → %i %s', async (caller, status) => {
    expect((await (await h.clientAs(caller)).get('/api/admin/activity.csv')).status).toBe(status)
  })

  it('downloads every matching entry with readable labels, and no cell a spreadsheet would run', async () => {
    const response = await admin.get(`/api/admin/activity.csv?from=${at(0).toISOString()}&to=${at(119).toISOString()}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/)
    const rows = parse(response.text.replace(/^\uFEFF/, '')) as string[][]
    expect(rows[0]).toEqual(['Time (UTC)', 'Action', 'Actor', 'Actor ID', 'Target', 'Target ID', 'Details', 'IP Address', 'User Agent', 'Request ID'])
    expect(rows).toHaveLength(121)
    expect(rows[1]).toEqual([at(119).toISOString(), 'Sign-in failed', 'Not signed in', '', "'=cmd|calc@example.com", '', 'at the password step; reason: INVALID_CREDENTIALS', '', "'@SUM(1+1)", ''])
    expect(rows[2]!.slice(0, 4)).toEqual([at(118).toISOString(), 'Signed in', 'learner1@example.com', 'u1'])
    expect(rows.find((row) => row[1] === 'Changed role')![6]).toBe('role user → admin')
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('takes the same filters, and refuses a bad one', async () => {
    const rows = parse((await admin.get('/api/admin/activity.csv?action=user_role_changed&actor=boss')).text.replace(/^\uFEFF/, '')) as string[][]
    expect(rows).toHaveLength(12)
    expect((await admin.get('/api/admin/activity.csv?action=nope')).status).toBe(400)
  })
})
