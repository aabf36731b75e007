import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MEDIA_UPLOAD_PATH, mediaUrl } from '../../shared/media'
import type { ModuleContent } from '../../shared/course/schema'
import { media, user } from '../db/schema'
import { STORAGE_FULL_MESSAGE } from '../media/storage-faults'
import { draftCourse, editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { createUpload, makeClip, patchUpload, upload, uploadedMedia } from '../test/media-files'

// Fault 2 of docs/operations.md, "Faults the portal survives": the disk that holds the media fills
// up in the middle of an upload. DATA_DIR is a tmpfs of a few megabytes (mounting one needs root,
// as CI and this project's machines run the tests); an upload bigger than the free space fails
// with a clear 507, its partial file is deleted (nothing half-written is kept or served), the
// space is free again, the media already there and the database are as they were, and the portal
// goes on serving, uploads included. The database is the suite's own (PGlite in memory, or
// PostgreSQL), not on the tmpfs: docs/operations.md says why production keeps them apart too.

const run = promisify(execFile)
const KB = 1024
const MB = 1024 * KB
/** The tmpfs's size: room for the short clips, not for the big upload. */
const DISK_BYTES = 4 * MB
const TUS = { 'tus-resumable': '1.0.0' }

let mountPoint: string
let isMounted = false
let h: Harness
let admin: TestClient
let learner: TestClient

const mediaDir = () => path.join(mountPoint, 'media')
const filesIn = async (dir: 'uploads' | 'files') => (await fs.readdir(path.join(mediaDir(), dir))).sort()
const freeBytes = async () => {
  const stats = await fs.statfs(mountPoint)
  return stats.bavail * stats.bsize
}

const withVideo = (mediaId: string, posterMediaId: string | null) => (module: ModuleContent): ModuleContent => ({
  ...module,
  lessons: module.lessons.map((lesson, index) =>
    index === 0 ? { ...lesson, video: { provider: 'upload', mediaId, posterMediaId, durationSeconds: 3, captions: [] } } : lesson,
  ),
})

beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error('The disk-full suite mounts a tmpfs: run it as root (CI does).')
  mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-full-disk-'))
  await run('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', mountPoint])
  isMounted = true
  h = await createHarness({ DATA_DIR: mountPoint })
  admin = (await h.signedIn({ role: 'admin' })).client
  learner = (await h.signedIn()).client
})

afterAll(async () => {
  await h?.close()
  if (isMounted) await run('umount', [mountPoint])
  if (mountPoint) await fs.rm(mountPoint, { recursive: true, force: true })
})

it('an upload bigger than the free space fails clearly, leaves nothing behind, and harms nothing else', async () => {
  // A video already there, in a published lesson.
  const clip = await makeClip()
  const first = await upload(admin, clip)
  expect(first.patched.status, first.patched.text).toBe(204)
  const existing = await uploadedMedia(admin, first.uploadId)
  const firstModule = (await draftCourse(admin)).modules[0]!.id
  await editModule(admin, firstModule, withVideo(existing.id, existing.posterMediaId))
  await publish(admin, 'A video before the disk filled')
  const servedBefore = await learner.get(mediaUrl(existing.id))
  expect(servedBefore.status).toBe(200)
  const filesBefore = await filesIn('files')
  const [mediaBefore, usersBefore] = await Promise.all([h.db.select().from(media), h.db.select({ n: count() }).from(user)])
  const free = await freeBytes()

  // The big one: more than is free, in one PATCH, as the editor sends a chunk.
  const big = Buffer.alloc(free + 2 * MB, 7)
  big.set(clip.subarray(0, 64 * KB))
  const created = await createUpload(admin, big.length, { kind: 'video', filename: 'Too big.mp4' })
  expect(created.status, created.text).toBe(201)
  const location = created.headers.get('location')!
  const uploadId = location.split('/').at(-1)!
  const patched = await patchUpload(admin, location, 0, big)
  expect(patched.status, patched.text).toBe(507)
  expect(patched.json).toEqual({ error: { code: 'INSUFFICIENT_STORAGE', message: STORAGE_FULL_MESSAGE }, requestId: expect.any(String) })

  // Nothing half-written is kept: no partial file, no upload to resume into, no media record, the space is back.
  expect(await filesIn('uploads')).toEqual([])
  expect((await admin.request('HEAD', location, { headers: TUS })).status).toBe(404)
  expect((await admin.get(`${MEDIA_UPLOAD_PATH}/${uploadId}/media`)).status).toBe(404)
  expect(await freeBytes()).toBeGreaterThanOrEqual(free)

  // The other media and the database are as they were.
  expect(await filesIn('files')).toEqual(filesBefore)
  const servedAfter = await learner.get(mediaUrl(existing.id))
  expect(servedAfter.status).toBe(200)
  expect(servedAfter.text).toBe(servedBefore.text)
  expect(await h.db.select().from(media)).toEqual(mediaBefore)
  expect(await h.db.select({ n: count() }).from(user)).toEqual(usersBefore)

  // The portal keeps serving: readiness, progress, and an upload that fits.
  expect((await learner.get('/api/health/ready')).status).toBe(200)
  expect((await learner.put('/api/progress/1', { completed: true })).status).toBe(200)
  const small = await upload(admin, await makeClip('small.mp4', 1))
  expect(small.patched.status, small.patched.text).toBe(204)
  expect((await uploadedMedia(admin, small.uploadId)).kind).toBe('video')
}, 90_000)
