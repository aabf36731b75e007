import { afterAll, beforeAll, expect, it } from 'vitest'
import { mediaUrl } from '../../shared/media'
import type { ModuleContent } from '../../shared/course/schema'
import { STORAGE_UNREACHABLE_MESSAGE } from '../media/storage-faults'
import { draftCourse, editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { createUpload, makeClip, patchUpload, upload, uploadedMedia } from '../test/media-files'
import { startS3Server } from '../test/s3-server'

// Fault 4 of docs/operations.md, "Faults the portal survives": the S3-compatible storage that
// holds the media stops answering (s3rver stopped: every connection refused). Media requests
// answer 503 in the one error body and an upload fails saying why, while everything that needs
// no media (the course, progress, the profile, readiness) goes on as before.

let s3: Awaited<ReturnType<typeof startS3Server>>
let h: Harness
let admin: TestClient
let learner: TestClient
let videoId: string

const UNREACHABLE = { error: { code: 'NOT_READY', message: STORAGE_UNREACHABLE_MESSAGE }, requestId: expect.any(String) }

const withVideo = (mediaId: string, posterMediaId: string | null) => (module: ModuleContent): ModuleContent => ({
  ...module,
  lessons: module.lessons.map((lesson, index) =>
    index === 0 ? { ...lesson, video: { provider: 'upload', mediaId, posterMediaId, durationSeconds: 3, captions: [] } } : lesson,
  ),
})

beforeAll(async () => {
  s3 = await startS3Server()
  h = await createHarness(s3.env)
  admin = (await h.signedIn({ role: 'admin' })).client
  learner = (await h.signedIn()).client
  // A video in the bucket, in a published lesson, while S3 is up.
  const { uploadId, patched } = await upload(admin, await makeClip())
  expect(patched.status, patched.text).toBe(204)
  const video = await uploadedMedia(admin, uploadId)
  videoId = video.id
  const firstModule = (await draftCourse(admin)).modules[0]!.id
  await editModule(admin, firstModule, withVideo(video.id, video.posterMediaId))
  await publish(admin, 'A video in S3')
  expect((await learner.get(mediaUrl(videoId))).status).toBe(302)
}, 120_000)
afterAll(async () => {
  await h?.close()
  await s3?.close()
})

it('with S3 unreachable: media answer 503, an upload fails saying why, and the rest of the portal is unaffected', async () => {
  // An upload under way when S3 goes.
  const clip = await makeClip()
  const started = await createUpload(admin, clip.length)
  expect(started.status, started.text).toBe(201)
  await s3.stop()

  for (const client of [learner, admin]) {
    const answer = await client.get(mediaUrl(videoId))
    expect(answer.status, answer.text).toBe(503)
    expect(answer.json).toEqual(UNREACHABLE)
  }

  const created = await createUpload(admin, 1000)
  expect(created.status, created.text).toBe(503)
  expect(created.json).toEqual(UNREACHABLE)
  const patched = await patchUpload(admin, started.headers.get('location')!, 0, clip)
  expect(patched.status, patched.text).toBe(503)
  expect(patched.json).toEqual(UNREACHABLE)

  // Everything else works as before.
  expect((await learner.get('/api/health/ready')).status).toBe(200)
  expect((await learner.get('/api/course')).status).toBe(200)
  const firstModule = await learner.get('/api/course/modules/1')
  expect(firstModule.status).toBe(200)
  expect(JSON.stringify(firstModule.json)).toContain(videoId)
  const toggled = await learner.put('/api/progress/1', { completed: true })
  expect(toggled.status, toggled.text).toBe(200)
  expect((await learner.get('/api/progress')).json.completedCount).toBe(1)
  expect((await learner.get('/api/profile')).status).toBe(200)
  expect((await admin.get('/api/admin/users')).status).toBe(200)
}, 90_000)
