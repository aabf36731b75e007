import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest'
import { MEDIA_UPLOAD_PATH, mediaUrl, type UploadedMedia } from '../../shared/media'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import { createUser } from '../services/users'
import { AS_CLI } from '../test/harness'
import { makeClip } from '../test/media-files'
import { freePort, startServer, type ServerProcess } from '../test/server-process'

/**
 * A real restart: the data directory is left as a process killed while processing an upload
 * leaves it — the finished upload in media/uploads, its record `processing` — and the server
 * started on it finishes the job (docs/decisions/0070-interrupted-processing-and-lesson-media-checks.md).
 */

const ADMIN = { email: 'restart.admin@example.com', password: 'Restart-admin-99' }
let dataDir: string
let server: ServerProcess | undefined
const uploadId = randomUUID().replaceAll('-', '')
const goneUploadId = randomUUID().replaceAll('-', '')

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-restart-media-'))
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))]),
    extensions: { pg_trgm },
  })
  const db = drizzle({ client: pglite, schema }) as unknown as Db
  await createUser(db, { ...ADMIN, role: 'admin', isTemporary: false }, AS_CLI)
  const clip = await makeClip()
  await fs.mkdir(path.join(dataDir, 'media', 'uploads'), { recursive: true })
  await fs.writeFile(path.join(dataDir, 'media', 'uploads', uploadId), clip)
  const left = { kind: 'video' as const, status: 'processing' as const, contentType: 'video/mp4', originalName: 'Before the restart.mp4' }
  await db.insert(schema.media).values([
    { id: randomUUID(), uploadId, bytes: clip.length, ...left },
    { id: randomUUID(), uploadId: goneUploadId, bytes: 1000, ...left },
  ])
  await pglite.close()
  server = await startServer(dataDir, await freePort(), { REQUIRE_ADMIN_2FA: 'false' })
}, 150_000)

afterAll(async () => {
  await server?.kill()
  await fs.rm(dataDir, { recursive: true, force: true })
})

it('finishes processing an upload a stopped server left, and refuses one whose upload is gone', async () => {
  const url = server!.url
  const signedIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  expect(signedIn.status).toBe(200)
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  const outcome = (id: string) => fetch(`${url}${MEDIA_UPLOAD_PATH}/${id}/media`, { headers: { cookie } })

  const media = await vi.waitFor(
    async () => {
      const answer = await outcome(uploadId)
      expect(answer.status).toBe(200)
      return (await answer.json()) as UploadedMedia
    },
    { timeout: 30_000, interval: 200 },
  )
  expect(media).toMatchObject({ kind: 'video', contentType: 'video/mp4', originalName: 'Before the restart.mp4' })
  expect(media.durationSeconds).toBeCloseTo(3, 0)
  expect(media.posterMediaId).toEqual(expect.any(String))
  const served = await fetch(`${url}${mediaUrl(media.id)}`, { headers: { cookie, range: 'bytes=0-99' } })
  expect(served.status).toBe(206)
  expect(await fs.readdir(path.join(dataDir, 'media', 'uploads'))).toEqual([])

  // Resumed one after another: the other may come second.
  const refusal = await vi.waitFor(
    async () => {
      const answer = await outcome(goneUploadId)
      expect(answer.status).toBe(422)
      return (await answer.json()) as { error: { message: string } }
    },
    { timeout: 10_000, interval: 100 },
  )
  expect(refusal.error.message).toBe('The server restarted while preparing this file. Upload it again.')
}, 60_000)
