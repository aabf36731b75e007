import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { openCourseStore, type CourseStore } from './course-store'
import { LISTENER_APPLICATION_NAME } from './publish-listener'

// A second process's store, on the same PostgreSQL database as the harness's app: it hears of
// publishes through LISTEN/NOTIFY, and catches up after its connection is cut.

let h: Harness
let admin: TestClient
let other: CourseStore

beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
  other = await openCourseStore(h.db, { listenUrl: h.databaseUrl })
})
afterAll(async () => {
  await other?.close()
  await h?.close()
})

/** Waits until the store serves `version`; fails after `ms`. */
async function servesVersion(store: CourseStore, version: number, ms: number): Promise<number> {
  const start = Date.now()
  while (store.current().version !== version) {
    if (Date.now() - start > ms) throw new Error(`still version ${store.current().version} after ${ms} ms, not ${version}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return Date.now() - start
}

const change = (n: number) => editModule(admin, 'm1', (module) => ({ ...module, proTips: [...module.proTips, `Tip ${n}`] }))

it('serves a version another process published, within a second', async () => {
  await change(1)
  expect(await publish(admin)).toBe(4)
  expect(await servesVersion(other, 4, 1000)).toBeLessThan(1000)
  expect(other.current().document.modules[0]!.proTips.at(-1)).toBe('Tip 1')
})

it('reconnects after its connection is cut, and takes up what was published meanwhile', async () => {
  const cut = await h.db.execute(sql`
    select pg_terminate_backend(pid) as cut from pg_stat_activity
    where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`)
  expect((cut as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2)
  // Published while nobody listens: no notification reaches the store.
  await change(2)
  expect(await publish(admin)).toBe(5)
  await servesVersion(other, 5, 5000)
  // Listening again: the next one arrives by notification.
  await change(3)
  expect(await publish(admin)).toBe(6)
  expect(await servesVersion(other, 6, 1000)).toBeLessThan(1000)
})

it('never goes back to an older version', async () => {
  await other.reload()
  const record = { ...(await h.db.query.courseVersion.findFirst({ where: (v, { eq }) => eq(v.version, 2) }))! }
  other.takeUp(record)
  expect(other.current().version).toBe(6)
})
