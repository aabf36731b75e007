import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moduleProgress, user } from '../db/schema'
import { createHarness, type Harness } from '../test/harness'
import { setModuleCompleted } from './progress-write'

// A learner deleted between the session check and the completion toggle (another admin's click a
// moment before): the toggle answers "sign in" and writes nothing, on both databases
// (docs/decisions/0063-progress-toggle-in-one-statement.md).
let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

describe('setModuleCompleted for a learner deleted since the session check', () => {
  for (const isCompleted of [true, false]) {
    it(`refuses to ${isCompleted ? 'complete' : 'uncomplete'} a module and writes nothing`, async () => {
      const { user: learner, client } = await h.signedIn()
      expect((await client.put('/api/progress/2', { completed: true })).status).toBe(200)
      await h.db.delete(user).where(eq(user.id, learner.id))
      const course = h.courseStore.current()
      const moduleId = course.learnerCatalog.modules[isCompleted ? 0 : 1]!.id
      const recipient = { id: learner.id, email: learner.email, name: 'Learner' }
      await expect(setModuleCompleted(h.db, course, recipient, moduleId, isCompleted)).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Please sign in to continue.',
      })
      expect(await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, learner.id))).toEqual([])
    })
  }
})
