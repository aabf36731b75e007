import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from '../db/schema'
import { disableUser } from '../services/account-status'
import { createHarness, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'
import { answersAs } from '../test/knowledge-check-answers'

let h: Harness
let admin: TestClient
const learners: Record<string, { id: string; email: string }> = {}

async function completeModules(client: TestClient, count: number) {
  for (let moduleNumber = 1; moduleNumber <= count; moduleNumber++) {
    expect((await client.put(`/api/progress/${moduleNumber}`, { completed: true })).status).toBe(200)
  }
}

/**
 * Six learners: one never signed in, one part-way, one finished, one finished and then reset,
 * one disabled, and one whose name and e-mail look like spreadsheet formulas. Plus 52 more who
 * have not started, for the paging.
 */
beforeAll(async () => {
  h = await createHarness()
  admin = await h.clientAs('admin')
  learners.idle = await h.createUser({ email: 'idle@example.com', fullName: 'Idle, Ida' })
  const partway = await h.signedIn({ email: 'partway@example.com', fullName: 'Part Way' })
  await completeModules(partway.client, 3)
  // Module 2's knowledge check, failed once and then passed.
  const live = h.courseStore.current()
  for (const right of [false, true]) {
    const answers = await answersAs(partway.client, live, 2, right)
    const attempt = await partway.client.post('/api/knowledge-checks/m2/attempts', { version: live.version, answers })
    expect(attempt.status, attempt.text).toBe(201)
  }
  learners.partway = partway.user
  const finished = await h.signedIn({ email: 'finished@example.com', fullName: 'Fin Ished' })
  await completeModules(finished.client, 8)
  learners.finished = finished.user
  const again = await h.signedIn({ email: 'again@example.com', fullName: 'Reset After' })
  await completeModules(again.client, 8)
  expect((await again.client.delete('/api/progress')).status).toBe(200)
  learners.again = again.user
  learners.disabled = await h.createUser({ email: 'disabled@example.com', fullName: 'Dis Abled' })
  await disableUser(h.db, learners.disabled.id)
  learners.formula = await h.createUser({ email: '-dash@example.com', fullName: '=HYPERLINK("http://evil.example","Click")' })
  const old = new Date(Date.UTC(2020, 0, 1))
  await h.db.insert(user).values(
    Array.from({ length: 52 }, (_, i) => ({
      id: randomUUID(),
      email: `bulk-${String(i).padStart(2, '0')}@example.com`,
      name: '',
      createdAt: new Date(old.getTime() + i * 1000),
      updatedAt: old,
    })),
  )
})
afterAll(() => h.close())

describe('GET /api/admin/reports', () => {
  it('shows totals over every learner (admins are not learners) and the newest learners first', async () => {
    const response = await admin.get('/api/admin/reports')
    expect(response.status).toBe(200)
    // 58 learners; 2 earned the certificate; 3 + 8 modules of 58 × 8 = 2.37%.
    expect(response.json.totals).toEqual({ learners: 58, completed: 2, averagePercent: 2 })
    expect(response.json).toMatchObject({ total: 58, page: 1, pageSize: 50, pageCount: 2, moduleCount: 8 })
    expect(response.json.rows).toHaveLength(50)
    expect(response.json.rows.map((row: { email: string }) => row.email).slice(0, 6)).toEqual([
      '-dash@example.com',
      'disabled@example.com',
      'again@example.com',
      'finished@example.com',
      'partway@example.com',
      'idle@example.com',
    ])
  })

  it('gives each learner’s modules, percent, status, last activity, completion date and certificate id', async () => {
    const rows: Record<string, any> = Object.fromEntries(
      (await admin.get('/api/admin/reports')).json.rows.map((row: { email: string }) => [row.email, row]),
    )
    expect(rows['idle@example.com']).toMatchObject({
      fullName: 'Idle, Ida',
      completedModules: 0,
      percent: 0,
      status: 'not-started',
      lastActivityAt: null,
      completedAt: null,
      certificateId: null,
      isDisabled: false,
    })
    expect(rows['partway@example.com']).toMatchObject({ completedModules: 3, percent: 38, status: 'in-progress', certificateId: null })
    // Every knowledge check of the course, in order: the best score counts, with the attempts.
    expect(rows['partway@example.com'].knowledgeChecks).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ moduleId: `m${n}`, moduleNumber: n, bestScore: n === 2 ? 100 : null, attempts: n === 2 ? 2 : 0 })),
    )
    expect(rows['finished@example.com']).toMatchObject({ completedModules: 8, percent: 100, status: 'completed' })
    expect(rows['finished@example.com'].certificateId).toMatch(/^SWS(-[0-9A-Z]{5}){4}$/)
    // Reset after finishing: the certificate (and the status) stay, the modules are back to 0.
    expect(rows['again@example.com']).toMatchObject({ completedModules: 0, percent: 0, status: 'completed' })
    expect(rows['disabled@example.com']).toMatchObject({ isDisabled: true, status: 'not-started' })
    // Activity: the latest sign-in or progress change, here the progress written after signing in.
    const finished = rows['finished@example.com']
    expect(Date.parse(finished.lastActivityAt)).toBeGreaterThanOrEqual(Date.parse(finished.completedAt))
    expect(Date.now() - Date.parse(finished.lastActivityAt)).toBeLessThan(10 * 60_000)
  })

  it.each([
    ['completed', ['again@example.com', 'finished@example.com']],
    ['in-progress', ['partway@example.com']],
  ])('filters by status %s, in the database', async (status, emails) => {
    const response = await admin.get(`/api/admin/reports?status=${status}`)
    expect(response.json.rows.map((row: { email: string }) => row.email)).toEqual(emails)
    expect(response.json.total).toBe(emails.length)
    expect(response.json.totals.learners).toBe(58)
  })

  it('pages not-started learners: 55, the second page has 5', async () => {
    const response = await admin.get('/api/admin/reports?status=not-started&page=2')
    expect(response.json).toMatchObject({ total: 55, page: 2, pageCount: 2 })
    expect(response.json.rows.map((row: { email: string }) => row.email)).toEqual([
      'bulk-04@example.com',
      'bulk-03@example.com',
      'bulk-02@example.com',
      'bulk-01@example.com',
      'bulk-00@example.com',
    ])
  })

  it('counts a sign-in as activity', async () => {
    const before = Date.now()
    const visitor = await h.createUser({ email: 'visitor@example.com' })
    await h.signIn(visitor.email, visitor.password)
    const rows = (await admin.get('/api/admin/reports?status=not-started')).json.rows
    const row = rows.find((r: { id: string }) => r.id === visitor.id)
    expect(Date.parse(row.lastActivityAt)).toBeGreaterThanOrEqual(before - 1000)
  })

  it.each([
    ['?status=done', 'status must be all, not-started, in-progress or completed'],
    ['?page=0', 'Page must be a whole number from 1'],
    ['?page=abc', 'Page must be a whole number from 1'],
  ])('refuses %s with 400 and the reason', async (query, message) => {
    const response = await admin.get(`/api/admin/reports${query}`)
    expect(response.status).toBe(400)
    expect(response.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message })
  })
})

describe('GET /api/admin/reports.csv', () => {
  it('downloads every matching learner as RFC 4180 CSV, with a file name', async () => {
    const response = await admin.get('/api/admin/reports.csv')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="learner-report-\d{4}-\d{2}-\d{2}\.csv"$/)
    // The byte-order mark (Response.text() drops it, so the bytes are read).
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const bytes = new Uint8Array(await (await h.app.request('/api/admin/reports.csv', { headers: { cookie } })).arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = response.text
    const quizHeader = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`Module ${n} Best Score (%)`, `Module ${n} Quiz Attempts`]).join(',')
    expect(
      text.startsWith(`Email,Full Name,Status,Modules Completed,Percent,Last Activity (UTC),Completed On (UTC),Certificate ID,Account,${quizHeader}\r\n`),
    ).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
    const records: string[][] = parse(text)
    // The header and every learner (58, and the visitor above), not one page of 50.
    expect(records).toHaveLength(60)
    const byEmail = Object.fromEntries(records.map((record) => [record[0], record]))
    const notTaken = Array.from({ length: 8 }, () => ['', '0']).flat()
    expect(byEmail['idle@example.com']).toEqual(['idle@example.com', 'Idle, Ida', 'Not started', '0', '0', '', '', '', 'Active', ...notTaken])
    expect(byEmail['partway@example.com']!.slice(9, 13)).toEqual(['', '0', '100', '2'])
    const finished = byEmail['finished@example.com']!
    expect(finished.slice(2, 5)).toEqual(['Completed', '8', '100'])
    expect(finished[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(finished[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(finished[7]).toMatch(/^SWS-/)
    expect(byEmail['disabled@example.com']![8]).toBe('Disabled')
  })

  it('escapes cells a spreadsheet would run as formulas', async () => {
    const text = (await admin.get('/api/admin/reports.csv')).text
    expect(text).toContain(`'-dash@example.com,"'=HYPERLINK(""http://evil.example"",""Click"")",Not started,0,0,,,,Active,,0,`)
    const records: string[][] = parse(text, { bom: true })
    for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('exports only the filter’s learners, and names the file after it', async () => {
    const response = await admin.get('/api/admin/reports.csv?status=completed')
    expect(response.headers.get('content-disposition')).toMatch(/learner-report-\d{4}-\d{2}-\d{2}-completed\.csv"$/)
    const records: string[][] = parse(response.text, { bom: true })
    expect(records.slice(1).map((record) => record[0])).toEqual(['again@example.com', 'finished@example.com'])
  })

  it('refuses an unknown status with 400', async () => {
    const response = await admin.get('/api/admin/reports.csv?status=all-of-them')
    expect(response.status).toBe(400)
    expect(response.json.error.code).toBe('VALIDATION_FAILED')
  })
})

const ROUTES = ['/api/admin/reports', '/api/admin/reports.csv', '/api/admin/integrations/purchases']

// Last: the refused learners it signs in would count in the reports above.
describe('reports are admin-only', () => {
  const clients = new Map<string, TestClient>()
  beforeAll(async () => {
    for (const [caller] of REFUSED_CALLERS) clients.set(caller, await h.clientAs(caller))
  })

  it.each(ROUTES.flatMap((route) => REFUSED_CALLERS.map((refusal) => [route, ...refusal] as const)))(
    '%s as %s → %i %s, no learner data',
    async (route, caller, status, code) => {
      const response = await clients.get(caller)!.get(route)
      expect(response.status).toBe(status)
      expect(response.json.error.code).toBe(code)
      expect(response.text).not.toContain('partway@example.com')
    },
  )
})
