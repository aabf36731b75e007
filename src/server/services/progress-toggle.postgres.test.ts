import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { certificate, moduleProgress, user } from '../db/schema'
import { createHarness, type Harness, type TestClient } from '../test/harness'

// The completion toggle is one statement (docs/decisions/0063-progress-toggle-in-one-statement.md).
// On PostgreSQL the pool runs a learner's parallel toggles on different connections at once, so
// each round here races them for the learner's row. Runs only in the PostgreSQL pass.

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const ALL = [1, 2, 3, 4, 5, 6, 7, 8]

/** What the database holds for the learner: the reports' counter, their rows, their certificates. */
async function stored(userId: string) {
  const [row] = await h.db.select({ counter: user.completedModules }).from(user).where(eq(user.id, userId))
  const rows = await h.db.select({ moduleId: moduleProgress.moduleId }).from(moduleProgress).where(eq(moduleProgress.userId, userId))
  const certificates = await h.db.select().from(certificate).where(eq(certificate.userId, userId))
  return { counter: row!.counter, rows: rows.length, certificates: certificates.length }
}

const toggleAtOnce = (client: TestClient, toggles: Array<[number, boolean]>) =>
  Promise.all(toggles.map(([n, completed]) => client.put(`/api/progress/${n}`, { completed })))

it('counts every module when one learner completes all eight at once, and issues one certificate', async () => {
  for (let round = 0; round < 5; round++) {
    const { user: learner, client } = await h.signedIn()
    const answers = await toggleAtOnce(client, ALL.map((n) => [n, true]))
    expect(answers.map((answer) => answer.status)).toEqual(ALL.map(() => 200))
    // The last write to reach the learner's row waited for all the others: its answer lists all eight.
    expect(Math.max(...answers.map((answer) => answer.json.completedCount))).toBe(8)
    expect(await stored(learner.id)).toEqual({ counter: 8, rows: 8, certificates: 1 })
    expect((await client.get('/api/progress')).json.completedCount).toBe(8)
  }
})

it('keeps the counter equal to the rows through rounds of mixed, repeated toggles at once', async () => {
  const { user: learner, client } = await h.signedIn()
  const completed = new Set<number>()
  // A fixed sequence, so a failure can be replayed: each round sets some modules, each one twice at once.
  let seed = 7
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648)
  for (let round = 0; round < 12; round++) {
    const toggles: Array<[number, boolean]> = []
    for (const n of ALL) {
      if (next() % 3 === 0) continue
      const value = next() % 2 === 0
      toggles.push([n, value], [n, value])
      if (value) completed.add(n)
      else completed.delete(n)
    }
    const answers = await toggleAtOnce(client, toggles)
    expect(answers.map((answer) => answer.status)).toEqual(toggles.map(() => 200))
    const now = await stored(learner.id)
    expect({ counter: now.counter, rows: now.rows }).toEqual({ counter: completed.size, rows: completed.size })
    expect((await client.get('/api/progress')).json.modules.map((module: { moduleNumber: number }) => module.moduleNumber)).toEqual(
      [...completed].sort((a, b) => a - b),
    )
  }
  // Completing every module in a round of its own issues the certificate once, however often it is reached again.
  await toggleAtOnce(client, ALL.map((n) => [n, true]))
  await toggleAtOnce(client, [[3, false], [3, true], [3, true]])
  expect((await stored(learner.id)).certificates).toBe(1)
})
