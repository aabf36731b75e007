import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../db/client'
import { AppError } from '../errors'
import { checkReadiness } from '../services/health'
import { createHarness, type Harness } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

describe('health checks', () => {
  it('live: 200 to anyone while the process runs', async () => {
    const answer = await h.client().get('/api/health/live')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ status: 'ok' })
  })

  it('ready: 200 on a reachable, fully migrated database', async () => {
    const answer = await h.client().get('/api/health/ready')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ status: 'ready' })
  })

  it('ready: 503 while a migration of this build is not applied, 200 again once it is', async () => {
    const [newest] = (
      (await h.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
        rows: { id: number; hash: string; created_at: string }[]
      }
    ).rows
    await h.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`)
    try {
      const answer = await h.client().get('/api/health/ready')
      expect(answer.status).toBe(503)
      expect(answer.json).toEqual({
        error: { code: 'NOT_READY', message: 'The database has migrations still to apply.' },
        requestId: answer.headers.get('x-request-id'),
      })
      expect((await h.client().get('/api/health/live')).status).toBe(200)
    } finally {
      await h.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      )
    }
    expect((await h.client().get('/api/health/ready')).status).toBe(200)
  })

  it('ready: not ready when the database does not answer', async () => {
    const closed = await openPglite()
    await closed.close()
    const refusal = await checkReadiness(closed.db).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({ code: 'NOT_READY', status: 503, message: 'The database is not reachable.' })
  })
})
