import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModuleContent } from '../../shared/course/schema'
import { WATCH_REPORT_INTERVAL_SECONDS, type WatchReport } from '../../shared/media'
import { reportWatch } from '../services/watch'
import { editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'

// Watch credit is earned by watching: the length a percent is measured against is the server's,
// and the time a learner is credited for is real time, counted once across all their lessons
// (docs/decisions/0084-watch-length-and-one-time-codes.md).

let h: Harness
const A = 'm7-l1'
const B = 'm7-l2'
const TEN_MINUTES = 600

const report = (positionSeconds: number, ranges: [number, number][], durationSeconds: number): WatchReport => ({ positionSeconds, durationSeconds, ranges })

beforeAll(async () => {
  h = await createHarness()
  const admin = (await h.signedIn({ role: 'admin' })).client
  // Module 1's one lesson says "5 min"; module 7's two lessons are ten minutes each, to the second.
  await editModule(admin, 'm1', (module: ModuleContent) => ({
    ...module,
    requiredWatchPercent: 80,
    lessons: module.lessons.map((lesson) => ({ ...lesson, video: { provider: 'youtube', id: 'dQw4w9WgXcQ' } })),
  }))
  await editModule(admin, 'm7', (module: ModuleContent) => ({
    ...module,
    requiredWatchPercent: 80,
    lessons: module.lessons.map((lesson, index) => ({
      ...lesson,
      durationText: '10:00',
      video: index === 0 ? { provider: 'vimeo', id: '76979871' } : { provider: 'youtube', id: 'dQw4w9WgXcQ' },
    })),
  }))
  await publish(admin, 'Modules 1 and 7 ask for their videos to be watched')
})
afterAll(() => h.close())

/** A learner's report at `at` seconds after `start`, through the same service the route calls. */
const reportAt = (userId: string, start: number, at: number, lessonId: string, body: WatchReport) =>
  reportWatch(h.db, h.courseStore.current(), userId, 'm7', lessonId, body, { now: new Date(start + at * 1000) })

const percentOf = async (client: TestClient, moduleId: string, lessonId: string) =>
  ((await client.get(`/api/watch/${moduleId}`)).json.lessons as { lessonId: string; percentWatched: number }[]).find((row) => row.lessonId === lessonId)?.percentWatched

describe('watch credit', () => {
  it('refuses the one-request claim: a report cannot make a hosted video shorter than its lesson says, nor credit a whole one', async () => {
    const { client } = await h.signedIn()
    const claim = await client.put('/api/watch/m1/m1-l1', { positionSeconds: 20, durationSeconds: 20, ranges: [[0, 20]] })
    expect(claim.status, claim.text).toBe(200)
    // "5 min" is at least 4 min 30 s: 20 seconds of it are 7 %.
    expect(claim.json).toMatchObject({ durationSeconds: 270, percentWatched: 7 })
    const complete = await client.put('/api/progress/m1', { completed: true })
    expect(complete.status).toBe(409)
    expect(complete.json.error.code).toBe('WATCH_REQUIRED')
    expect(complete.json.error.message).toContain('(7 % watched)')
    expect((await client.get('/api/progress')).json.modules).toEqual([])
  })

  it('does not credit the time spent watching lesson A again on lesson B', async () => {
    const { user, client } = await h.signedIn()
    const start = Date.now() - 3600_000
    await reportAt(user.id, start, 0, B, report(1, [[0, 1]], TEN_MINUTES))
    await reportAt(user.id, start, 0, A, report(1, [[0, 1]], TEN_MINUTES))
    // Ten minutes of watching lesson A, reported as the player does.
    for (let at = WATCH_REPORT_INTERVAL_SECONDS; at <= TEN_MINUTES; at += WATCH_REPORT_INTERVAL_SECONDS) {
      await reportAt(user.id, start, at, A, report(at, [[at - WATCH_REPORT_INTERVAL_SECONDS, at]], TEN_MINUTES))
    }
    expect(await percentOf(client, 'm7', A)).toBe(100)
    // Then lesson B claims those ten minutes as its own: only what one report may add is credited.
    const claim = await reportAt(user.id, start, TEN_MINUTES + WATCH_REPORT_INTERVAL_SECONDS, B, report(TEN_MINUTES, [[1, TEN_MINUTES]], TEN_MINUTES))
    expect(claim.percentWatched).toBe(8)
  })

  it('does not credit idle time on lesson A to lesson B, nor twice', async () => {
    const { user, client } = await h.signedIn()
    const start = Date.now() - 3600_000
    await reportAt(user.id, start, 0, A, report(1, [[0, 1]], TEN_MINUTES))
    await reportAt(user.id, start, 0, B, report(1, [[0, 1]], TEN_MINUTES))
    // Ten minutes later, with nothing played in between, both lessons claim the whole video.
    const onB = await reportAt(user.id, start, TEN_MINUTES, B, report(TEN_MINUTES, [[1, TEN_MINUTES]], TEN_MINUTES))
    const onA = await reportAt(user.id, start, TEN_MINUTES, A, report(TEN_MINUTES, [[1, TEN_MINUTES]], TEN_MINUTES))
    // B: what one minute's gap (the longest a playing player leaves) at up to 2× allows; A: a report's own slack.
    expect(onB.percentWatched).toBe(24)
    expect(onA.percentWatched).toBe(4)
    const complete = await client.put('/api/progress/m7', { completed: true })
    expect(complete.status).toBe(409)
  })

  it('credits the same minute once when two tabs report it at the same moment, on two lessons', async () => {
    const { user, client } = await h.signedIn()
    const start = Date.now() - 3600_000
    await reportAt(user.id, start, 0, A, report(1, [[0, 1]], TEN_MINUTES))
    await reportAt(user.id, start, 0, B, report(1, [[0, 1]], TEN_MINUTES))
    // A minute later each tab claims 144 s, all that a minute allows (twice the 72 s since, with the interval).
    const claims = await Promise.all([A, B].map((lesson) => reportAt(user.id, start, 60, lesson, report(145, [[1, 145]], TEN_MINUTES))))
    // Whichever went in first has its 144 s (24 %); the other came no time after it: one interval at double speed, 24 s (4 %).
    expect(claims.map((claim) => claim.percentWatched).sort((one, other) => one - other)).toEqual([4, 24])
    expect([await percentOf(client, 'm7', A), await percentOf(client, 'm7', B)].sort((one, other) => one! - other!)).toEqual([4, 24])
  })

  it('still credits honest playback in full, at normal and at double speed, after a pause, and lets the module be completed', async () => {
    const { user, client } = await h.signedIn()
    const start = Date.now() - 7200_000
    // Lesson A at 1×, reporting every interval.
    let at = 0
    for (let position = 0; position < TEN_MINUTES; position += WATCH_REPORT_INTERVAL_SECONDS) {
      at += WATCH_REPORT_INTERVAL_SECONDS
      await reportAt(user.id, start, at, A, report(position + WATCH_REPORT_INTERVAL_SECONDS, [[position, position + WATCH_REPORT_INTERVAL_SECONDS]], TEN_MINUTES))
    }
    // A twenty-minute pause, then lesson B at 2×: 24 s of video every 12 s.
    at += 1200
    await reportAt(user.id, start, at, B, report(0, [], TEN_MINUTES))
    for (let position = 0; position < TEN_MINUTES; position += 2 * WATCH_REPORT_INTERVAL_SECONDS) {
      at += WATCH_REPORT_INTERVAL_SECONDS
      await reportAt(user.id, start, at, B, report(position + 24, [[position, position + 24]], TEN_MINUTES))
    }
    expect(await percentOf(client, 'm7', A)).toBe(100)
    expect(await percentOf(client, 'm7', B)).toBe(100)
    const complete = await client.put('/api/progress/m7', { completed: true })
    expect(complete.status, complete.text).toBe(200)
  })
})
