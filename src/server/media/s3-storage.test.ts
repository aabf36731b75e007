import { randomUUID } from 'node:crypto'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaUrl } from '../../shared/media'
import type { ModuleContent } from '../../shared/course/schema'
import { media } from '../db/schema'
import { draftCourse, editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { makeClip, WEBVTT } from '../test/media-files'
import { S3_BUCKET, startS3Server } from '../test/s3-server'
import { SNIFF_BYTES, sniffUpload } from './sniff'

let s3: Awaited<ReturnType<typeof startS3Server>>
let h: Harness
let admin: TestClient
let learner: TestClient
let client: S3Client
let clip: Buffer

const withVideo = (mediaId: string | null) => (module: ModuleContent): ModuleContent => ({
  ...module,
  lessons: module.lessons.map((lesson, index) =>
    index === 0 ? { ...lesson, video: mediaId ? { provider: 'upload', mediaId, posterMediaId: null, durationSeconds: 3, captions: [] } : null } : lesson,
  ),
})

/** A finished upload as tus's S3 store leaves it (an object under the upload's id), adopted as media. */
async function storeAsMedia(uploadId: string, bytes: Buffer, kind: 'video' | 'captions' = 'video') {
  await client.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: uploadId, Body: bytes }))
  const sniffed = await sniffUpload(kind, await h.mediaStorage.readUploadStart(uploadId, SNIFF_BYTES))
  expect(sniffed.ok).toBe(true)
  const contentType = sniffed.ok ? sniffed.contentType : ''
  const id = randomUUID()
  await h.mediaStorage.adoptUpload(uploadId, id, contentType)
  await h.db.insert(media).values({ id, kind, status: 'ready', contentType, bytes: bytes.length, originalName: `${uploadId}.mp4` })
  return id
}

beforeAll(async () => {
  s3 = await startS3Server()
  h = await createHarness(s3.env)
  admin = (await h.signedIn({ role: 'admin' })).client
  learner = (await h.signedIn()).client
  client = new S3Client({
    endpoint: s3.env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  })
  clip = await makeClip()
})
afterAll(async () => {
  await h?.close()
  await s3?.close()
})

describe('media in S3-compatible storage', () => {
  it('sends a learner to a presigned address that works for 10 minutes', async () => {
    expect(h.mediaStorage.kind).toBe('s3')
    const id = await storeAsMedia('upload1', clip)
    expect(await h.mediaStorage.stat('upload1')).toBeUndefined()
    const firstModule = (await draftCourse(admin)).modules[0]!.id
    await editModule(admin, firstModule, withVideo(id))
    await publish(admin, 'A video in S3')

    const answer = await learner.get(mediaUrl(id))
    expect(answer.status).toBe(302)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const location = new URL(answer.headers.get('location')!)
    expect(location.origin).toBe(s3.env.S3_ENDPOINT)
    expect(location.searchParams.get('X-Amz-Expires')).toBe('600')
    const fetched = await fetch(location, { headers: { range: 'bytes=0-99' } })
    expect(fetched.status).toBe(206)
    expect(Buffer.from(await fetched.arrayBuffer()).equals(clip.subarray(0, 100))).toBe(true)
    const whole = await fetch(location)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true)

    expect((await h.client().get(mediaUrl(id))).status).toBe(401)
  })

  it('keeps processed files and reads uploads back as local files', async () => {
    await client.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'upload2', Body: WEBVTT }))
    const copied = await h.mediaStorage.withUploadFile('upload2', async (file) => {
      const id = randomUUID()
      await h.mediaStorage.putFile(id, file, 'text/vtt')
      return id
    })
    expect((await h.mediaStorage.stat(copied))?.bytes).toBe(WEBVTT.length)
  })

  it('deletes the stored object once no draft and no published version names it', async () => {
    const id = await storeAsMedia('upload3', clip)
    const secondModule = (await draftCourse(admin)).modules[1]!.id
    await editModule(admin, secondModule, withVideo(id))
    expect((await h.mediaStorage.stat(id))?.bytes).toBe(clip.length)
    await editModule(admin, secondModule, withVideo(null))
    expect(await h.mediaStorage.stat(id)).toBeUndefined()
    expect((await admin.get(mediaUrl(id))).status).toBe(404)
  })
})
