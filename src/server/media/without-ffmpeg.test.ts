import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaUrl } from '../../shared/media'
import type { ModuleContent } from '../../shared/course/schema'
import { draftCourse, editModule } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { makeClip, upload, uploadedMedia } from '../test/media-files'
import { hasFfmpeg } from './ffmpeg'

// A server on a machine without ffmpeg: the clip is made first (that needs ffmpeg), then PATH
// names only an empty directory, before anything in this file asks for ffmpeg.
let h: Harness
let admin: TestClient
let clip: Buffer
let emptyDir: string
const path0 = process.env.PATH

beforeAll(async () => {
  clip = await makeClip()
  emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-no-ffmpeg-'))
  process.env.PATH = emptyDir
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
})
afterAll(async () => {
  await h?.close()
  process.env.PATH = path0
  await fs.rm(emptyDir, { recursive: true, force: true })
})

describe('uploads on a server without ffmpeg', () => {
  it('keeps the video as uploaded, without a poster or a length, for the admin to type the duration', async () => {
    expect(await hasFfmpeg()).toBe(false)
    const { uploadId, patched } = await upload(admin, clip, { kind: 'video', filename: 'Welcome.mp4' })
    expect(patched.status, patched.text).toBe(204)
    const video = await uploadedMedia(admin, uploadId)
    expect(video).toMatchObject({ kind: 'video', contentType: 'video/mp4', bytes: clip.length, durationSeconds: null, posterMediaId: null })

    // Not remuxed: the very bytes uploaded, index still at the end.
    const served = await admin.get(mediaUrl(video.id))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-length')).toBe(String(clip.length))
    expect(await fs.readFile(path.join(h.env.dataDir, 'media', 'files', video.id))).toEqual(clip)

    const firstModule = (await draftCourse(admin)).modules[0]!.id
    const saved = await editModule(admin, firstModule, (module: ModuleContent) => ({
      ...module,
      lessons: module.lessons.map((lesson, index) =>
        index === 0 ? { ...lesson, video: { provider: 'upload', mediaId: video.id, posterMediaId: null, durationSeconds: 185, captions: [] } } : lesson,
      ),
    }))
    expect(saved.module.lessons[0]!.video).toMatchObject({ provider: 'upload', mediaId: video.id, durationSeconds: 185 })
  })
})
