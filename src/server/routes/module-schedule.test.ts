import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CourseSchedule, LearnerSchedule } from '../../shared/course/schedule'
import { auditLog, moduleProgress, quizAttempt, user } from '../db/schema'
import { modulesOpeningBetween } from '../services/module-schedule'
import { createHarness, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'

// The course's schedule at the API (docs/decisions/0090-course-schedule.md): a locked module's
// content is never sent, in each mode, and nothing of it can be done.

let h: Harness
let admin: TestClient
beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
})
afterAll(() => h?.close())

const DAY = 86_400_000
const setSchedule = async (schedule: CourseSchedule) => {
  const response = await admin.put('/api/admin/schedule', schedule)
  expect(response.status, response.text).toBe(200)
}
beforeEach(() => setSchedule({ mode: 'all', dripDays: {} }))

/** A learner who first signed in at `startedAt`. */
async function learnerStartedAt(startedAt: Date) {
  const { user: created, client } = await h.signedIn()
  await h.db.update(user).set({ firstSignedInAt: startedAt }).where(eq(user.id, created.id))
  return { id: created.id, client }
}

/** Everything a locked module refuses, with the same reason each time; and none of its content. */
async function expectLocked(client: TestClient, moduleNumber: number, reason: { opensAt: string } | { finishFirst: number }, message: string) {
  const moduleId = `m${moduleNumber}`
  const page = await client.get(`/api/course/modules/${moduleNumber}`)
  expect(page.status).toBe(403)
  expect(page.json.error).toEqual({ code: 'MODULE_LOCKED', message, ...reason })
  expect(page.text).not.toContain('lessons')
  const check = await client.get(`/api/knowledge-checks/${moduleId}`)
  expect([check.status, check.json.error.code]).toEqual([403, 'MODULE_LOCKED'])
  expect(check.text).not.toContain('questions')
  const attemptsBefore = await h.db.select().from(quizAttempt)
  const attempt = await client.post(`/api/knowledge-checks/${moduleId}/attempts`, {
    version: h.courseStore.current().version,
    answers: [{ questionId: 'q1', optionIds: ['a'] }],
  })
  expect([attempt.status, attempt.json.error.code]).toEqual([403, 'MODULE_LOCKED'])
  expect(await h.db.select().from(quizAttempt)).toEqual(attemptsBefore)
  const watch = await client.put(`/api/watch/${moduleId}/${moduleId}-l1`, { positionSeconds: 5, durationSeconds: 300, ranges: [[0, 5]] })
  expect([watch.status, watch.json.error.code]).toEqual([403, 'MODULE_LOCKED'])
  const progressBefore = (await client.get('/api/progress')).json
  const complete = await client.put(`/api/progress/${moduleId}`, { completed: true })
  expect([complete.status, complete.json.error.code]).toEqual([403, 'MODULE_LOCKED'])
  expect((await client.get('/api/progress')).json).toEqual(progressBefore)
}

describe('all at once (the default)', () => {
  it('opens every module, as before the schedule existed', async () => {
    const { client } = await h.signedIn()
    expect((await client.get('/api/course/schedule')).json).toEqual({ mode: 'all', dripDays: {}, startedAt: null, isLifted: false })
    for (const n of [1, 5, 8]) expect((await client.get(`/api/course/modules/${n}`)).status).toBe(200)
    expect((await client.put('/api/progress/m6', { completed: true })).status).toBe(200)
  })
})

describe('in order', () => {
  it('opens a module once the one before it is complete, and refuses the rest with the module to finish', async () => {
    await setSchedule({ mode: 'in-order', dripDays: {} })
    const { client } = await learnerStartedAt(new Date())
    expect((await client.get('/api/course/modules/1')).status).toBe(200)
    await expectLocked(client, 2, { finishFirst: 1 }, 'Finish module 1 first.')
    await expectLocked(client, 5, { finishFirst: 4 }, 'Finish module 4 first.')
    expect((await client.put('/api/progress/m1', { completed: true })).status).toBe(200)
    expect((await client.get('/api/course/modules/2')).json.moduleNumber).toBe(2)
    await expectLocked(client, 3, { finishFirst: 2 }, 'Finish module 2 first.')
  })

  it('never locks a module the learner completed before the schedule changed', async () => {
    const { client } = await learnerStartedAt(new Date())
    expect((await client.put('/api/progress/m4', { completed: true })).status).toBe(200)
    await setSchedule({ mode: 'in-order', dripDays: {} })
    expect((await client.get('/api/course/modules/4')).status).toBe(200)
    // And the module after a completed one is open.
    expect((await client.get('/api/course/modules/5')).status).toBe(200)
    await expectLocked(client, 3, { finishFirst: 2 }, 'Finish module 2 first.')
  })

  it('takes back a completion without asking (a completed module is open)', async () => {
    const { client } = await learnerStartedAt(new Date())
    await client.put('/api/progress/m1', { completed: true })
    await client.put('/api/progress/m2', { completed: true })
    await setSchedule({ mode: 'in-order', dripDays: {} })
    const undone = await client.put('/api/progress/m1', { completed: false })
    expect(undone.status).toBe(200)
    expect(undone.json.modules.map((m: { moduleId: string }) => m.moduleId)).toEqual(['m2'])
  })
})

describe('drip', () => {
  it('keeps a module closed until 00:00 UTC of its day, then opens it', async () => {
    await setSchedule({ mode: 'drip', dripDays: { m2: 7, m3: 14 } })
    const started = new Date(Date.now() - 2 * DAY)
    const { client, id } = await learnerStartedAt(started)
    const schedule = (await client.get('/api/course/schedule')).json as LearnerSchedule
    expect(schedule).toEqual({ mode: 'drip', dripDays: { m2: 7, m3: 14 }, startedAt: started.toISOString(), isLifted: false })
    expect((await client.get('/api/course/modules/1')).status).toBe(200)
    const opensAt = new Date(Date.UTC(started.getUTCFullYear(), started.getUTCMonth(), started.getUTCDate()) + 14 * DAY)
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(opensAt)
    await expectLocked(client, 3, { opensAt: opensAt.toISOString() }, `Opens on ${day}.`)
    // Its day comes: the start moves back, as the clock would move forward.
    await h.db.update(user).set({ firstSignedInAt: new Date(Date.now() - 14 * DAY) }).where(eq(user.id, id))
    expect((await client.get('/api/course/modules/3')).status).toBe(200)
    expect((await client.put('/api/progress/m3', { completed: true })).status).toBe(200)
  })

  it('counts days from the day the learner started, not the hour', async () => {
    await setSchedule({ mode: 'drip', dripDays: { m2: 1 } })
    const today = new Date()
    const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
    const { client } = await learnerStartedAt(new Date(startOfToday + 1000))
    const tomorrow = new Date(startOfToday + DAY).toISOString()
    const page = await client.get('/api/course/modules/2')
    expect([page.status, page.json.error.opensAt]).toEqual([403, tomorrow])
    const yesterday = await learnerStartedAt(new Date(startOfToday - 1000))
    expect((await yesterday.client.get('/api/course/modules/2')).status).toBe(200)
  })

  it('lists the openings of a window for the module-open e-mail, none for a completed module', async () => {
    await setSchedule({ mode: 'drip', dripDays: { m2: 7, m3: 14 } })
    const { id } = await learnerStartedAt(new Date('2031-01-01T10:00:00Z'))
    const day8 = new Date('2031-01-08T00:00:00Z')
    expect(await modulesOpeningBetween(h.db, day8, new Date(day8.getTime() + DAY))).toEqual([
      { userId: id, moduleId: 'm2', moduleNumber: 2, opensAt: day8 },
    ])
    expect(await modulesOpeningBetween(h.db, new Date(day8.getTime() - DAY), day8)).toEqual([])
    await h.db.insert(moduleProgress).values({ userId: id, moduleId: 'm2' })
    expect(await modulesOpeningBetween(h.db, day8, new Date(day8.getTime() + DAY))).toEqual([])
    await setSchedule({ mode: 'in-order', dripDays: { m2: 7, m3: 14 } })
    expect(await modulesOpeningBetween(h.db, new Date('2031-01-15T00:00:00Z'), new Date('2031-01-16T00:00:00Z'))).toEqual([])
  })
})

describe('an admin opens everything for one learner', () => {
  it('opens every module for that learner only, audited, and can put them back on the schedule', async () => {
    await setSchedule({ mode: 'in-order', dripDays: {} })
    const learner = await learnerStartedAt(new Date())
    const other = await learnerStartedAt(new Date())
    const lifted = await admin.put(`/api/admin/users/${learner.id}/schedule`, { isLifted: true })
    expect(lifted.status).toBe(200)
    expect(lifted.json).toMatchObject({ id: learner.id, isScheduleLifted: true })
    expect((await learner.client.get('/api/course/modules/6')).status).toBe(200)
    expect((await learner.client.get('/api/course/schedule')).json.isLifted).toBe(true)
    await expectLocked(other.client, 6, { finishFirst: 5 }, 'Finish module 5 first.')
    const entries = await h.db.select().from(auditLog).where(eq(auditLog.targetId, learner.id))
    expect(entries.map((entry) => entry.action)).toContain('schedule_lifted')

    const back = await admin.put(`/api/admin/users/${learner.id}/schedule`, { isLifted: false })
    expect(back.json.isScheduleLifted).toBeUndefined()
    expect((await learner.client.get('/api/course/modules/6')).status).toBe(403)
  })

  it('refuses a missing learner (404) and a bad body (400)', async () => {
    expect((await admin.put('/api/admin/users/nobody/schedule', { isLifted: true })).status).toBe(404)
    const learner = await learnerStartedAt(new Date())
    for (const body of [{}, { isLifted: 'yes' }, { isLifted: true, extra: 1 }]) {
      const response = await admin.put(`/api/admin/users/${learner.id}/schedule`, body)
      expect([response.status, response.json.error.code]).toEqual([400, 'VALIDATION_FAILED'])
    }
    const [row] = await h.db.select({ liftedAt: user.scheduleLiftedAt }).from(user).where(eq(user.id, learner.id))
    expect(row!.liftedAt).toBeNull()
  })
})

describe('the owner sets the schedule', () => {
  it('saves the mode and the days, audited with the mode before and after', async () => {
    const saved = await admin.put('/api/admin/schedule', { mode: 'drip', dripDays: { m2: 3, m8: 30 } })
    expect(saved.json).toMatchObject({ mode: 'drip', dripDays: { m2: 3, m8: 30 } })
    expect(saved.json.modules).toHaveLength(8)
    expect((await admin.get('/api/admin/schedule')).json).toMatchObject({ mode: 'drip', dripDays: { m2: 3, m8: 30 } })
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'course_schedule_changed')).orderBy(auditLog.id).limit(1).offset(0)
    expect(entry!.detail).toHaveProperty('scheduleTo')
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    await setSchedule({ mode: 'in-order', dripDays: { m2: 2 } })
    const bad = [
      { mode: 'weekly', dripDays: {} },
      { mode: 'drip', dripDays: { m2: -1 } },
      { mode: 'drip', dripDays: { m2: 1.5 } },
      { mode: 'drip', dripDays: { m2: 366 } },
      { mode: 'drip', dripDays: { m2: '7' } },
      { mode: 'drip', dripDays: { nope: 7 } },
      { mode: 'drip' },
      { mode: 'drip', dripDays: {}, extra: true },
      { mode: 'drip', dripDays: {} },
      { mode: 'drip', dripDays: { m2: 0, m3: 0 } },
    ]
    for (const body of bad) {
      const response = await admin.put('/api/admin/schedule', body)
      expect([response.status, response.json.error.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED'])
    }
    expect((await admin.get('/api/admin/schedule')).json).toMatchObject({ mode: 'in-order', dripDays: { m2: 2 } })
    expect(h.courseStore.schedule()).toMatchObject({ mode: 'in-order', dripDays: { m2: 2 } })
  })

  it('is for admins only', async () => {
    for (const [caller, status, code] of REFUSED_CALLERS) {
      const response = await (await h.clientAs(caller)).put('/api/admin/schedule', { mode: 'drip', dripDays: {} })
      expect([response.status, response.json.error.code], caller).toEqual([status, code])
    }
    expect(h.courseStore.schedule().mode).toBe('all')
  })
})
