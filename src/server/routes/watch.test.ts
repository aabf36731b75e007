import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModuleContent } from '../../shared/course/schema'
import { editModule, publish } from '../test/course-studio'
import { createHarness, PUBLIC_URL, type Harness, type TestClient } from '../test/harness'
import { snapshotDb } from '../test/db-snapshot'
import { eq, sql } from 'drizzle-orm'
import { SESSION_MAX_AGE_SECONDS } from '../auth/session'
import { reportWatch } from '../services/watch'
import { lessonWatch, session, user } from '../db/schema'

let h: Harness
let admin: TestClient
const WATCH = '/api/watch/m1/m1-l1'

const report = (positionSeconds: number, ranges: [number, number][], durationSeconds = 300) => ({ positionSeconds, durationSeconds, ranges })

beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
  await editModule(admin, 'm1', (module: ModuleContent) => ({
    ...module,
    requiredWatchPercent: 80,
    lessons: module.lessons.map((lesson) => ({ ...lesson, video: { provider: 'youtube', id: 'dQw4w9WgXcQ' } })),
  }))
  await publish(admin, 'Module 1 asks for its video to be watched')
})
afterAll(() => h.close())

describe('reporting where the player is', () => {
  it('keeps the position and the merged ranges, and lists them for the module', async () => {
    const { client } = await h.signedIn()
    const first = await client.put(WATCH, report(12, [[0, 12]]))
    expect(first.status, first.text).toBe(200)
    expect(first.json).toMatchObject({ lessonId: 'm1-l1', positionSeconds: 12, durationSeconds: 300, percentWatched: 4 })
    const again = await client.put(WATCH, report(20, [[0, 12], [12, 20]]))
    expect(again.json.percentWatched).toBe(6)
    const listed = await client.get('/api/watch/m1')
    expect(listed.status).toBe(200)
    expect(listed.json).toEqual({ moduleId: 'm1', lessons: [{ ...again.json }] })
  })

  it('takes the pagehide beacon: the same JSON sent as text/plain by POST', async () => {
    const { client } = await h.signedIn()
    const beacon = await client.request('POST', WATCH, { headers: { 'content-type': 'text/plain;charset=UTF-8' }, rawBody: JSON.stringify(report(252, [[240, 252]])) })
    expect(beacon.status, beacon.text).toBe(200)
    expect((await client.get('/api/watch/m1')).json.lessons[0].positionSeconds).toBe(252)
  })

  it('refuses a beacon from another site', async () => {
    const { client } = await h.signedIn()
    const forged = await client.request('POST', WATCH, { headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, rawBody: JSON.stringify(report(1, [])) })
    expect(forged.status).toBe(403)
    expect((await client.get('/api/watch/m1')).json.lessons).toEqual([])
  })

  it('does not count seeking ahead, nor a report claiming more than the time allows', async () => {
    const { client } = await h.signedIn()
    // Jumped to 4:00 without playing: only the position moves.
    const seeked = await client.put(WATCH, report(240, []))
    expect(seeked.json).toMatchObject({ positionSeconds: 240, percentWatched: 0 })
    const greedy = await client.put(WATCH, report(300, [[0, 300]]))
    expect(greedy.json.percentWatched).toBeLessThan(20)
  })

  it.each([
    ['a negative position', report(-1, [])],
    ['an absurd duration', report(1, [], 10 * 24 * 3600)],
    ['a reversed range', report(1, [[20, 10]])],
    ['a missing field', { positionSeconds: 1, ranges: [] }],
    ['an extra field', { ...report(1, []), userId: 'someone-else' }],
  ])('refuses %s with 400 and keeps nothing', async (_name, body) => {
    const { client } = await h.signedIn()
    const before = await snapshotDb(h.db)
    const answer = await client.put(WATCH, body)
    expect(answer.status).toBe(400)
    expect(answer.json.error.code).toBe('VALIDATION_FAILED')
    expect(await snapshotDb(h.db)).toEqual(before)
  })

  it('refuses a beacon that is not JSON or not a report, and a lesson or module the course does not have', async () => {
    const { client } = await h.signedIn()
    const notJson = await client.request('POST', WATCH, { headers: { 'content-type': 'text/plain' }, rawBody: 'position=12' })
    expect(notJson.status).toBe(400)
    const notAReport = await client.request('POST', WATCH, { headers: { 'content-type': 'text/plain' }, rawBody: JSON.stringify(report(-1, [[0, 12]])) })
    expect(notAReport.status).toBe(400)
    expect(notAReport.json.error).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: 'positionSeconds' })] })
    expect((await client.get('/api/watch/m1')).json.lessons).toEqual([])
    expect((await client.put('/api/watch/m1/no-such-lesson', report(1, []))).status).toBe(404)
    expect((await client.put('/api/watch/m2/m2-l1', report(1, []))).status).toBe(404)
    expect((await client.get('/api/watch/no-such-module')).status).toBe(404)
  })

  it('needs a signed-in learner', async () => {
    expect((await h.client().put(WATCH, report(1, []))).status).toBe(401)
    expect((await h.client().get('/api/watch/m1', { headers: { origin: PUBLIC_URL } })).status).toBe(401)
  })
})

describe('the session check that makes the report\'s first read', () => {
  it('reads only this learner\'s own watching of the lesson', async () => {
    const first = await h.signedIn()
    const second = await h.signedIn()
    expect((await first.client.put(WATCH, report(12, [[0, 12]]))).json.percentWatched).toBe(4)
    expect((await first.client.put(WATCH, report(24, [[12, 24]]))).json.percentWatched).toBe(8)
    // The second learner starts from nothing, and does not move the first one's clock or ranges.
    expect((await second.client.put(WATCH, report(12, [[0, 12]]))).json).toMatchObject({ positionSeconds: 12, percentWatched: 4 })
    expect((await first.client.put(WATCH, report(36, [[24, 36]]))).json.percentWatched).toBe(12)
  })

  it('refuses a session signed out, expired or of a disabled account with the same 401, keeping nothing', async () => {
    const expectRefused = async (client: TestClient) => {
      const before = await snapshotDb(h.db)
      const answer = await client.put(WATCH, report(24, [[12, 24]]))
      expect(answer.status).toBe(401)
      expect(answer.json).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' }, requestId: expect.any(String) })
      expect(await snapshotDb(h.db)).toEqual(before)
    }
    const signedOut = await h.signedIn()
    expect((await signedOut.client.put(WATCH, report(12, [[0, 12]]))).status).toBe(200)
    expect((await signedOut.client.post('/api/auth/sign-out')).status).toBe(200)
    await expectRefused(signedOut.client)

    const expired = await h.signedIn()
    await h.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, expired.user.id))
    await expectRefused(expired.client)

    const disabled = await h.signedIn()
    expect((await disabled.client.put(WATCH, report(12, [[0, 12]]))).status).toBe(200)
    await h.db.update(user).set({ banned: true }).where(eq(user.id, disabled.user.id))
    await expectRefused(disabled.client)
  })

  it('refuses ids the course cannot have with 400 once signed in, keeping nothing', async () => {
    const { client } = await h.signedIn()
    const before = await snapshotDb(h.db)
    const answer = await client.put(`/api/watch/m1/${'x'.repeat(65)}`, report(12, [[0, 12]]))
    expect(answer.status).toBe(400)
    expect(answer.json.error.code).toBe('VALIDATION_FAILED')
    // PostgreSQL refuses a NUL in text outright: the route's 400, not a failed statement's 500.
    for (const path of ['/api/watch/m1/m1-l1%27%3B--', '/api/watch/m1/m1-l1%00', '/api/watch/m1%00/m1-l1']) {
      expect((await client.put(path, report(12, [[0, 12]]))).status, path).toBe(400)
    }
    expect(await snapshotDb(h.db)).toEqual(before)
  })

  it('extends a session due for it, as every route does, with the new cookie on the report', async () => {
    const { user: learner, client } = await h.signedIn()
    // A session two days old: due for its daily extension.
    await h.db
      .update(session)
      .set({ expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE_SECONDS - 2 * 86_400})` })
      .where(eq(session.userId, learner.id))
    const answer = await client.put(WATCH, report(12, [[0, 12]]))
    expect(answer.status).toBe(200)
    expect(answer.json.percentWatched).toBe(4)
    expect(answer.headers.getSetCookie()).toEqual([expect.stringMatching(/^better-auth\.session_token=.+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/)])
    const [extended] = await h.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.userId, learner.id))
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_MAX_AGE_SECONDS - 60) * 1000)
  })
})

describe('watch at least N % before marking complete', () => {
  it('refuses to complete the module until the video is watched far enough, naming what is missing', async () => {
    const { user, client } = await h.signedIn()
    const early = await client.put('/api/progress/m1', { completed: true })
    expect(early.status).toBe(409)
    expect(early.json.error.code).toBe('WATCH_REQUIRED')
    expect(early.json.error.message).toContain('Watch at least 80 % of each video')
    expect(early.json.error.message).toContain('(0 % watched)')
    expect((await client.get('/api/progress')).json.modules).toEqual([])

    // Played through to 4:12, reporting every 12 s as the player does (the clock passed in, not waited for).
    const start = Date.now()
    for (let at = 0; at < 252; at += 12) {
      const played = report(at + 12, [[at, at + 12]])
      await reportWatch(h.db, h.courseStore.current(), user.id, 'm1', 'm1-l1', played, { now: new Date(start + (at + 12) * 1000) })
    }
    expect((await client.get('/api/watch/m1')).json.lessons[0]).toMatchObject({ positionSeconds: 252, percentWatched: 84 })
    const done = await client.put('/api/progress/m1', { completed: true })
    expect(done.status, done.text).toBe(200)
    // Modules without the rule behave as before.
    expect((await client.put('/api/progress/m2', { completed: true })).status).toBe(200)
  })
})

describe('the watching report', () => {
  it('lists per learner and lesson the percent watched and when, newest first, and exports it formula-safe', async () => {
    const { user, client } = await h.signedIn({ fullName: '=HYPERLINK("https://evil.example","Click")' })
    const watched = await client.put(WATCH, report(30, [[0, 24]]))
    expect(watched.status).toBe(200)

    const page = await admin.get('/api/admin/reports/watching')
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({ page: 1, pageSize: 50 })
    const dates = page.json.rows.map((row: { lastWatchedAt: string }) => row.lastWatchedAt)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(page.json.rows.find((row: { email: string }) => row.email === user.email)).toEqual({
      email: user.email,
      fullName: '=HYPERLINK("https://evil.example","Click")',
      moduleNumber: 1,
      moduleTitle: expect.any(String),
      lessonTitle: 'Welcome to Your Client Journey System',
      percentWatched: 8,
      lastWatchedAt: watched.json.updatedAt,
    })
    expect(page.json.total).toBe(page.json.rows.length)

    const csv = await admin.get('/api/admin/reports/watching.csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="watching-report-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Email,Full Name,Module,Module Title,Lesson,Percent Watched,Last Watched (UTC)')
    const line = lines.find((text) => text.startsWith(`${user.email},`))!
    expect(line).toContain(`${user.email},"'=HYPERLINK(""https://evil.example"",""Click"")",1,`)
    expect(line).toMatch(/,Welcome to Your Client Journey System,8,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  })

  it('pages in the database: the pages together are the CSV, in its order, without lessons the course no longer has', async () => {
    const lessons = h.courseStore.current().document.modules.flatMap((module) => module.lessons.map((lesson) => ({ moduleId: module.id, lessonId: lesson.id })))
    const learners = await Promise.all([1, 2, 3].map(() => h.signedIn()))
    // Rows at the same moment too: paging must still give each row once.
    const at = new Date('2026-10-01T12:00:00Z')
    await h.db.insert(lessonWatch).values(
      learners.flatMap(({ user }, n) => [
        ...lessons.map(({ moduleId, lessonId }, index) => ({
          userId: user.id,
          moduleId,
          lessonId,
          ranges: [[0, 10]] as [number, number][],
          positionSeconds: 10,
          durationSeconds: 100,
          percentWatched: (index + n) % 100,
          updatedAt: index % 3 === 0 ? at : new Date(at.getTime() + index * 60_000),
        })),
        { userId: user.id, moduleId: 'm1', lessonId: 'a-lesson-since-removed', ranges: [], positionSeconds: 0, durationSeconds: 100, percentWatched: 50, updatedAt: new Date() },
      ]),
    )
    const csv = (await admin.get('/api/admin/reports/watching.csv')).text.replace(/^\uFEFF/, '').split('\r\n').slice(1, -1)
    const first = (await admin.get('/api/admin/reports/watching?page=1')).json
    expect(first.total).toBe(csv.length)
    expect(first.total).toBeGreaterThanOrEqual(3 * lessons.length)
    expect(first.pageCount).toBe(Math.ceil(csv.length / 50))
    const paged: { email: string; lessonTitle: string; percentWatched: number; lastWatchedAt: string }[] = []
    for (let page = 1; page <= first.pageCount; page++) {
      const answer = await admin.get(`/api/admin/reports/watching?page=${page}`)
      expect(answer.status).toBe(200)
      expect(answer.json).toMatchObject({ page, pageSize: 50, total: csv.length, pageCount: first.pageCount })
      expect(answer.json.rows.length).toBe(page < first.pageCount ? 50 : csv.length - 50 * (first.pageCount - 1))
      paged.push(...answer.json.rows)
    }
    expect(paged.map((row) => `${row.email},${row.lessonTitle},${row.percentWatched},${row.lastWatchedAt.slice(0, 16).replace('T', ' ')}`)).toEqual(
      csv.map((line) => {
        const cells = line.split(',')
        return [cells[0], ...cells.slice(-3)].join(',')
      }),
    )
    expect(new Set(paged.map((row) => `${row.email}/${row.lessonTitle}`)).size).toBe(paged.length)
    for (const { user } of learners) expect(paged.filter((row) => row.email === user.email)).toHaveLength(lessons.length)
    const past = await admin.get(`/api/admin/reports/watching?page=${first.pageCount + 1}`)
    expect(past.json).toMatchObject({ rows: [], total: csv.length })
  })

  it('is for admins only, and refuses a bad page', async () => {
    const { client } = await h.signedIn()
    expect((await client.get('/api/admin/reports/watching')).status).toBe(403)
    expect((await client.get('/api/admin/reports/watching.csv')).status).toBe(403)
    const bad = await admin.get('/api/admin/reports/watching?page=0')
    expect(bad.status).toBe(400)
    expect(bad.json.error.message).toBe('Page must be a whole number from 1')
  })
})
