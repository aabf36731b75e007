import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS as DAY } from '../../shared/durations'
import { certificate, lessonWatch, moduleProgress, quizAttempt, user } from '../db/schema'
import { creditRanges } from '../services/watch-ranges'
import { editModule, publish } from '../test/course-studio'
import { createHarness, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'

// A cohort of 100 learners with known answers (docs/decisions/0087-owner-insights.md):
// learners 0–49 bought through the webhook, 50–79 were imported, 80–99 created by an admin;
// 25 enrolled each week from Monday 7 September 2026; 90 signed in, 85 started, 80 finished
// module 1, 60 module 2; 35 started module 3 and 20 finished it; 10 finished all eight and hold
// the certificate.

const FIRST_WEEK = Date.UTC(2026, 8, 7, 10)
const RANGE = 'from=2026-09-07&to=2026-10-04'

let h: Harness
let admin: TestClient
const ids: string[] = []
const enrolledAt = (i: number) => new Date(FIRST_WEEK + Math.floor(i / 25) * 7 * DAY)
const after = (i: number, days: number) => new Date(enrolledAt(i).getTime() + days * DAY)

beforeAll(async () => {
  h = await createHarness()
  admin = await h.clientAs('admin')
  // Two lessons get a video of 100 s, so the video chart has lessons to show.
  for (const moduleId of ['m1', 'm3']) {
    await editModule(admin, moduleId, (module) => ({
      ...module,
      lessons: module.lessons.map((lesson, index) => (index === 0 ? { ...lesson, video: { provider: 'vimeo', id: moduleId === 'm1' ? '111111' : '333333' } } : lesson)),
    }))
  }
  await publish(admin, 'Videos for the insights')
  const modules = h.courseStore.current().document.modules
  const now = Date.now()

  const learners = Array.from({ length: 100 }, (_, i) => ({
    id: randomUUID(),
    email: `cohort-${String(i).padStart(2, '0')}@example.com`,
    name: `Learner ${i}`,
    role: 'user',
    source: i < 50 ? 'webhook' : i < 80 ? 'import' : i < 90 ? 'admin' : 'cli',
    createdAt: enrolledAt(i),
    updatedAt: enrolledAt(i),
    firstSignedInAt: i < 90 ? new Date(enrolledAt(i).getTime() + 60 * 60 * 1000) : null,
    // 10–19 were last seen 20 days ago, 20–29 three days ago; the others' last activity is unknown.
    lastActivityAt: i >= 10 && i < 20 ? new Date(now - 20 * DAY) : i >= 20 && i < 30 ? new Date(now - 3 * DAY) : null,
  }))
  await h.db.insert(user).values(learners)
  ids.push(...learners.map((learner) => learner.id))

  const completed = (i: number) => (i < 10 ? 8 : i < 20 ? 3 : i < 60 ? 2 : i < 80 ? 1 : 0)
  await h.db.insert(moduleProgress).values(
    ids.flatMap((id, i) => modules.slice(0, completed(i)).map((module) => ({ userId: id, moduleId: module.id, completedAt: after(i, 1) }))),
  )
  await h.db.insert(certificate).values(
    ids.slice(0, 10).map((id, i) => ({ id: `SWS-TEST-${i}`, userId: id, recipientName: `Learner ${i}`, completedAt: after(i, i + 1), moduleCount: 8 })),
  )

  // Videos: 80–84 opened module 1's (and did no more), 20–34 module 3's; the retention
  // curves below come from 0–9 on module 1 and 10–13 on module 3.
  const watch = (i: number, moduleId: string, ranges: [number, number][], percentWatched: number) => ({
    userId: ids[i]!,
    moduleId,
    lessonId: `${moduleId}-l1`,
    ranges,
    positionSeconds: ranges.at(-1)![1],
    durationSeconds: 100,
    percentWatched,
    updatedAt: after(i, 1),
  })
  // Learner 6 played 0–30 s, went back and played 20–60 s: the overlapping reports are merged as the API merges them.
  const overlapping = creditRanges(creditRanges([], [[0, 30]], 100, 100), [[20, 60]], 100, 100)
  expect(overlapping).toEqual([[0, 60]])
  await h.db.insert(lessonWatch).values([
    ...[0, 1, 2, 3].map((i) => watch(i, 'm1', [[0, 100]], 100)),
    ...[4, 5].map((i) => watch(i, 'm1', [[0, 50]], 50)),
    watch(6, 'm1', overlapping, 60),
    watch(7, 'm1', [[0, 10], [40, 90]], 60),
    ...[8, 9].map((i) => watch(i, 'm1', [[0, 20]], 20)),
    ...[80, 81, 82, 83, 84].map((i) => watch(i, 'm1', [[0, 5]], 5)),
    watch(10, 'm3', [[0, 100]], 100),
    ...[11, 12, 13].map((i) => watch(i, 'm3', [[0, 10]], 10)),
    ...Array.from({ length: 15 }, (_, k) => watch(20 + k, 'm3', [[0, 10]], 10)),
  ])

  // Module 1's knowledge check: 0–29 passed at once (0–14 with 100 %, 15–29 with 80 %, missing
  // question 3); 30–39 failed first (40 %, missing questions 1 and 2), then passed with 100 %.
  const questions = modules[0]!.knowledgeCheck!.questions
  const attempt = (i: number, wrong: number[], minutes: number) => ({
    id: randomUUID(),
    userId: ids[i]!,
    moduleId: 'm1',
    courseVersion: h.courseStore.current().version,
    answers: questions.map((question, index) => ({ questionId: question.id, optionIds: [], correct: !wrong.includes(index) })),
    score: Math.round(((questions.length - wrong.length) / questions.length) * 100),
    passed: wrong.length === 0 || (wrong.length === 1 && questions.length >= 5),
    createdAt: new Date(after(i, 1).getTime() + minutes * 60 * 1000),
  })
  await h.db.insert(quizAttempt).values([
    ...Array.from({ length: 15 }, (_, i) => attempt(i, [], 0)),
    ...Array.from({ length: 15 }, (_, k) => attempt(15 + k, [2], 0)),
    ...Array.from({ length: 10 }, (_, k) => attempt(30 + k, [0, 1], 0)),
    ...Array.from({ length: 10 }, (_, k) => attempt(30 + k, [], 5)),
  ])
})
afterAll(() => h?.close())

describe('GET /api/admin/insights/funnel', () => {
  it('counts each step of the cohort and says where most are lost', async () => {
    const response = await admin.get('/api/admin/insights/funnel')
    expect(response.status, response.text).toBe(200)
    const { steps, modules, biggestDrop } = response.json
    // The harness's own admin is no learner: only the cohort counts.
    expect(steps.map((step: { label: string; count: number }) => [step.label, step.count])).toEqual([
      ['Enrolled', 100],
      ['Signed in', 90],
      ['Started', 85],
      ['Module 1 completed', 80],
      ['Module 2 completed', 60],
      ['Module 3 completed', 20],
      ...[4, 5, 6, 7, 8].map((n) => [`Module ${n} completed`, 10]),
      ['Certificate', 10],
    ])
    expect(steps[4]).toMatchObject({ keptPercent: 75, ofEnrolledPercent: 60 })
    expect(steps[0]).toMatchObject({ keptPercent: null, ofEnrolledPercent: 100 })
    expect(modules.slice(0, 3)).toEqual([
      { moduleNumber: 1, title: expect.any(String), started: 85, completed: 80 },
      { moduleNumber: 2, title: expect.any(String), started: 60, completed: 60 },
      { moduleNumber: 3, title: expect.any(String), started: 35, completed: 20 },
    ])
    // 60 finished module 2; 25 of them never opened module 3 and 15 more opened it without finishing.
    expect(biggestDrop).toEqual({
      fromKey: 'module-2',
      toKey: 'module-3',
      percent: 67,
      sentence: '42 % of learners who finish module 2 never start module 3, and 25 % more start it but don’t finish it',
    })
  })

  it('takes the source and the enrolment range', async () => {
    const webhook = (await admin.get('/api/admin/insights/funnel?source=webhook')).json
    expect(webhook.steps.slice(0, 4).map((step: { count: number }) => step.count)).toEqual([50, 50, 50, 50])
    const imported = (await admin.get('/api/admin/insights/funnel?source=import')).json
    expect(imported.steps[0].count).toBe(30)
    // The CLI's accounts count as created by an admin.
    const byAdmin = (await admin.get('/api/admin/insights/funnel?source=admin')).json
    expect(byAdmin.steps.slice(0, 3).map((step: { count: number }) => step.count)).toEqual([20, 10, 5])
    const secondWeek = (await admin.get('/api/admin/insights/funnel?from=2026-09-14&to=2026-09-20')).json
    expect(secondWeek.cohort).toEqual({ from: '2026-09-14', to: '2026-09-20', source: 'all' })
    expect(secondWeek.steps.map((step: { count: number }) => step.count).slice(0, 6)).toEqual([25, 25, 25, 25, 25, 0])
  })

  it('answers an empty course with zeros and no drop', async () => {
    const response = await admin.get('/api/admin/insights/funnel?from=2020-01-01&to=2020-01-31')
    expect(response.json.steps.every((step: { count: number }) => step.count === 0)).toBe(true)
    expect(response.json.biggestDrop).toBeNull()
  })
})

describe('GET /api/admin/insights/activity', () => {
  it('counts new learners, active learners and completions per week, and the median days to the certificate', async () => {
    const response = await admin.get(`/api/admin/insights/activity?${RANGE}`)
    expect(response.status, response.text).toBe(200)
    expect(response.json).toEqual({
      from: '2026-09-07',
      to: '2026-10-04',
      source: 'all',
      weeks: [
        { weekStart: '2026-09-07', newLearners: 25, activeLearners: 25, completions: 6 },
        { weekStart: '2026-09-14', newLearners: 25, activeLearners: 25, completions: 4 },
        { weekStart: '2026-09-21', newLearners: 25, activeLearners: 25, completions: 0 },
        { weekStart: '2026-09-28', newLearners: 25, activeLearners: 10, completions: 0 },
      ],
      // Certificates 1 to 10 days after enrolment, the first sign-in an hour after it.
      medianDaysToCertificate: 5.5,
      certificatesMeasured: 10,
    })
  })

  it('shows the last twelve weeks without a range: 84 days to today, by the Monday of each week they touch', async () => {
    const response = await admin.get('/api/admin/insights/activity?source=import')
    const day = (time: number) => new Date(time).toISOString().slice(0, 10)
    const today = new Date(`${day(Date.now())}T00:00:00Z`).getTime()
    const from = today - 83 * DAY
    expect(response.json).toMatchObject({ from: day(from), to: day(today) })
    // Thirteen weeks, the first and last in part, unless today is a Sunday: then twelve whole ones.
    const firstMonday = from - ((new Date(from).getUTCDay() + 6) % 7) * DAY
    const mondays = []
    for (let monday = firstMonday; monday <= today; monday += 7 * DAY) mondays.push(day(monday))
    expect(response.json.weeks.map((week: { weekStart: string }) => week.weekStart)).toEqual(mondays)
  })
})

describe('GET /api/admin/insights/checks', () => {
  it('gives each check its first-attempt pass rate and average best score, and the three questions most missed', async () => {
    const response = await admin.get('/api/admin/insights/checks')
    expect(response.status, response.text).toBe(200)
    const { modules, mostMissed } = response.json
    expect(modules[0]).toEqual({ moduleId: 'm1', moduleNumber: 1, title: expect.any(String), learners: 40, firstAttemptPassPercent: 75, averageBestScore: expect.any(Number) })
    const questionCount = h.courseStore.current().document.modules[0]!.knowledgeCheck!.questions.length
    const eighty = Math.round(((questionCount - 1) / questionCount) * 100)
    expect(modules[0].averageBestScore).toBe(Math.round((25 * 100 + 15 * eighty) / 40))
    expect(modules[1]).toMatchObject({ moduleId: 'm2', learners: 0, firstAttemptPassPercent: null, averageBestScore: null })
    expect(mostMissed.map((question: { questionNumber: number; wrongAnswers: number; attempts: number }) => [question.questionNumber, question.wrongAnswers, question.attempts])).toEqual([
      [3, 15, 50],
      [1, 10, 50],
      [2, 10, 50],
    ])
    expect(mostMissed[0].prompt).toBe(h.courseStore.current().document.modules[0]!.knowledgeCheck!.questions[2]!.prompt)
  })

  it('counts only the chosen source', async () => {
    const response = await admin.get('/api/admin/insights/checks?source=import')
    expect(response.json.modules[0].learners).toBe(0)
    expect(response.json.mostMissed).toEqual([])
  })
})

describe('GET /api/admin/insights/video', () => {
  it('draws each lesson’s retention from the watched ranges, and names the lesson viewers leave fastest', async () => {
    const response = await admin.get('/api/admin/insights/video?source=webhook')
    expect(response.status, response.text).toBe(200)
    const [first, third] = response.json.lessons
    expect(first).toMatchObject({ moduleNumber: 1, lessonNumber: 1, viewers: 10, averagePercentWatched: 66, halfGoneAtPercent: 95 })
    // At 0, 5, … 95 s of the 100-second video.
    expect(first.retention).toEqual([100, 100, 100, 90, 90, 70, 70, 70, 80, 80, 80, 60, 60, 50, 50, 50, 50, 50, 50, 40])
    expect(third).toMatchObject({ moduleNumber: 3, viewers: 19, halfGoneAtPercent: 15 })
    expect(third.retention.slice(0, 4)).toEqual([100, 100, 100, 5])
    expect(response.json.fastestDropOff).toEqual({
      moduleId: 'm3',
      lessonId: 'm3-l1',
      sentence: expect.stringMatching(/^Viewers drop off fastest in module 3, lesson 1 \(".+"\): half have stopped by 15 % of the video\.$/),
    })
  })

  it('counts every source by default', async () => {
    const response = await admin.get('/api/admin/insights/video')
    expect(response.json.lessons[0]).toMatchObject({ viewers: 15, averagePercentWatched: 46 })
  })
})

describe('GET /api/admin/insights/stalled', () => {
  it('lists the learners without a certificate inactive for 14 days or more, the most recent first, with where they stopped', async () => {
    const response = await admin.get('/api/admin/insights/stalled')
    expect(response.status, response.text).toBe(200)
    expect(response.json).toMatchObject({ total: 80, page: 1, pageSize: 20, pageCount: 4, days: 14 })
    const [firstRow] = response.json.rows
    expect(response.json.rows.slice(0, 10).map((row: { email: string }) => row.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `cohort-${10 + k}@example.com`),
    )
    expect(firstRow).toMatchObject({ stoppedAt: { moduleNumber: 4, title: expect.any(String) }, completedModules: 3, moduleCount: 8 })
    const never = response.json.rows.at(-1)
    expect(never).toMatchObject({ lastActivityAt: null })
    const last = (await admin.get('/api/admin/insights/stalled?page=4')).json
    expect(last.rows).toHaveLength(20)
    const beyond = (await admin.get('/api/admin/insights/stalled?page=9')).json
    expect(beyond).toMatchObject({ rows: [], total: 80 })
  })
})

describe('what the Insights learn of a new account', () => {
  it('its source, from how it was made, and its first sign-in, kept through later ones', async () => {
    const created = await admin.post('/api/admin/users', {
      email: 'new-broker@example.com',
      fullName: 'New Broker',
      role: 'user',
      temporaryPassword: 'Tmp-Passw0rd!x',
      sendLoginDetails: false,
    })
    expect(created.status, created.text).toBe(201)
    const read = async () => (await h.db.select().from(user).where(eq(user.email, 'new-broker@example.com')))[0]!
    expect(await read()).toMatchObject({ source: 'admin', firstSignedInAt: null })
    await h.signIn('new-broker@example.com', 'Tmp-Passw0rd!x')
    const first = (await read()).firstSignedInAt
    expect(first).toBeInstanceOf(Date)
    await h.signIn('new-broker@example.com', 'Tmp-Passw0rd!x')
    expect((await read()).firstSignedInAt).toEqual(first)
    expect((await read()).lastActivityAt!.getTime()).toBeGreaterThanOrEqual(first!.getTime())
  })
})

describe('the Insights refuse', () => {
  it.each(REFUSED_CALLERS)('%s with %i %s, for every chart', async (caller, status, code) => {
    const client = await h.clientAs(caller)
    for (const chart of ['funnel', 'activity', 'checks', 'video', 'stalled']) {
      const response = await client.get(`/api/admin/insights/${chart}`)
      expect([response.status, response.json.error.code]).toEqual([status, code])
    }
  })

  it.each([
    ['from=2026-09-07', 'Give both dates of the range, or neither'],
    ['from=2026-10-01&to=2026-09-01', 'The range must start on or before its end'],
    ['from=2020-01-01&to=2026-01-01', 'Choose a range of at most two years'],
    ['from=2026-02-30&to=2026-03-01', 'That date does not exist'],
    ['from=yesterday&to=today', 'Dates must be written YYYY-MM-DD'],
    ['source=marketplace', 'source must be all, webhook, import or admin'],
  ])('a bad filter (%s) with a 400 that says why', async (query, message) => {
    const response = await admin.get(`/api/admin/insights/funnel?${query}`)
    expect(response.status).toBe(400)
    expect(response.json.error.message).toBe(message)
  })
})
