import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CourseCatalog, LearnerModule } from '../../shared/course/api-types'
import { createHarness, type Harness, type TestClient } from '../test/harness'

let h: Harness
let learner: TestClient
beforeAll(async () => {
  h = await createHarness()
  learner = (await h.signedIn()).client
})
afterAll(() => h?.close())

describe('GET /api/course', () => {
  it('lists the published course: its version, total minutes and each module in order', async () => {
    const response = await learner.get('/api/course')
    expect(response.status).toBe(200)
    const catalog = response.json as CourseCatalog
    expect(catalog.version).toBe(3)
    expect(catalog.totalMinutes).toBe(90)
    expect(catalog.modules).toHaveLength(8)
    expect(catalog.modules[6]).toEqual({
      id: 'm7',
      moduleNumber: 7,
      title: 'Creating Custom Automations Views',
      navLabel: 'Custom Automations',
      description: 'Let automations move clients through your custom views, in two short lessons.',
      minutes: 18,
      lessonsCount: 2,
    })
  })

  it('is 401 for an anonymous visitor and 403 for a learner who must change the password', async () => {
    expect((await h.client().get('/api/course')).json.error.code).toBe('UNAUTHORIZED')
    const { client } = await h.signedIn({ isTemporary: true })
    const locked = await client.get('/api/course')
    expect(locked.status).toBe(403)
    expect(locked.json.error.code).toBe('PASSWORD_CHANGE_REQUIRED')
  })
})

describe('GET /api/course/modules/:moduleNumber', () => {
  it('answers everything the module page shows, Markdown fields as the server rendered them', async () => {
    const response = await learner.get('/api/course/modules/3')
    expect(response.status).toBe(200)
    const module = response.json as LearnerModule
    expect(module).toMatchObject({
      version: 3,
      id: 'm3',
      moduleNumber: 3,
      title: 'Lead Management',
      navLabel: 'Lead Management',
      minutes: 15,
      lessonsCount: 1,
      previous: { id: 'm2', moduleNumber: 2, navLabel: 'General Overview' },
      next: { id: 'm4', moduleNumber: 4, navLabel: 'Task Management' },
    })
    expect(module.lessons[0]).toMatchObject({ id: 'm3-l1', video: null, durationText: '15 min' })
    expect(module.guide.length).toBeGreaterThanOrEqual(5)
    // The seeded text has no Markdown: its HTML is the text, escaped.
    expect(module.importantReminders.map((item) => item.html)).toContain(
      "Check the business partner type on every new contact; leaving the default 'Bank' when a realtor referred the client hides that partner’s value.",
    )
    expect(module.actionStep.title.length).toBeGreaterThan(0)
    expect(module.actionStep.description.html.length).toBeGreaterThan(40)
  })

  it('has no previous module before the first, and no next after the last', async () => {
    expect((await learner.get('/api/course/modules/1')).json).toMatchObject({ moduleNumber: 1, previous: null, next: { moduleNumber: 2 } })
    expect((await learner.get('/api/course/modules/8')).json).toMatchObject({ moduleNumber: 8, next: null, previous: { moduleNumber: 7 } })
  })

  it('answers 404 past the end of the course and 400 for what is not a module number', async () => {
    const past = await learner.get('/api/course/modules/9')
    expect(past.status).toBe(404)
    expect(past.json.error).toEqual({ code: 'NOT_FOUND', message: 'Module not found' })
    for (const bad of ['0', '01', '1.5', 'm3', '-1', '1e0']) {
      const response = await learner.get(`/api/course/modules/${bad}`)
      expect(response.status, bad).toBe(400)
      expect(response.json.error.code, bad).toBe('VALIDATION_FAILED')
    }
  })

  it('is 401 for an anonymous visitor', async () => {
    expect((await h.client().get('/api/course/modules/1')).status).toBe(401)
  })
})
