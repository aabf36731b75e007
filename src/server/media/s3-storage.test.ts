import { randomUUID } from 'node:crypto'
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_UPLOAD_PATH, mediaUrl } from '../../shared/media'
import type { ModuleContent } from '../../shared/course/schema'
import { media } from '../db/schema'
import { draftCourse, editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { createUpload, makeClip, patchUpload, uploadedMedia, WEBVTT } from '../test/media-files'
import { S3_BUCKET, startS3Server } from '../test/s3-server'
import { SNIFF_BYTES, sniffUpload } from './sniff'
import { openS3Storage } from './s3-storage'

let s3: Awaited<ReturnType<typeof startS3Server>>
let h: Harness
let admin: TestClient
let learner: TestClient
let client: S3Client
let clip: Buffer

const MB = 1024 * 1024
const TUS = { 'tus-resumable': '1.0.0' }

/** A WebM clip padded to `bytes` (WebM is kept as uploaded, so the bucket must hold exactly these bytes). */
async function paddedWebm(bytes: number): Promise<Buffer> {
  const webm = await makeClip('clip.webm', 1)
  return Buffer.concat([webm, Buffer.alloc(bytes - webm.length)])
}

/** Whether the bucket holds an object under `key`. */
const hasObject = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: S3_BUCKET, Key: key })).then(
    () => true,
    () => false,
  )

const withVideo = (mediaId: string | null, posterMediaId: string | null = null) => (module: ModuleContent): ModuleContent => ({
  ...module,
  lessons: module.lessons.map((lesson, index) =>
    index === 0 ? { ...lesson, video: mediaId ? { provider: 'upload', mediaId, posterMediaId, durationSeconds: 3, captions: [] } : null } : lesson,
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

  // Parts of a multipart upload are at least 5 MiB (but the last): 6 MB is a part of its own, the
  // next 1 MB waits in tus's incomplete-part object, and the rest finishes the upload.
  it('takes a tus upload into the bucket in parts, resumed after a break, previewed from there, and deleted with its lesson', async () => {
    const video = await paddedWebm(12 * MB)
    const created = await createUpload(admin, video.length, { kind: 'video', filename: 'Lesson 1.webm' })
    expect(created.status, created.text).toBe(201)
    const location = created.headers.get('location')!
    const uploadId = location.split('/').at(-1)!
    expect((await patchUpload(admin, location, 0, video.subarray(0, 6 * MB))).status).toBe(204)
    expect(await s3.multipartUploads()).toHaveLength(1)
    expect((await patchUpload(admin, location, 6 * MB, video.subarray(6 * MB, 7 * MB))).status).toBe(204)

    // The connection broke here: the client asks where to go on.
    const head = await admin.request('HEAD', location, { headers: TUS })
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe(String(7 * MB))
    expect(head.headers.get('upload-length')).toBe(String(video.length))
    const stale = await patchUpload(admin, location, 6 * MB, video.subarray(6 * MB))
    expect(stale.status).toBe(409)
    const rest = await patchUpload(admin, location, 7 * MB, video.subarray(7 * MB))
    expect(rest.status, rest.text).toBe(204)

    const uploaded = await uploadedMedia(admin, uploadId)
    expect(uploaded).toMatchObject({ kind: 'video', contentType: 'video/webm', bytes: video.length, originalName: 'Lesson 1.webm' })
    expect(uploaded.posterMediaId).toEqual(expect.any(String))
    expect(await s3.multipartUploads()).toEqual([])
    expect(await hasObject(uploadId)).toBe(false)
    expect(await hasObject(`${uploadId}.info`)).toBe(false)
    expect((await h.mediaStorage.stat(uploaded.id))?.bytes).toBe(video.length)

    // In a draft lesson: the admin previews it through a presigned address.
    const thirdModule = (await draftCourse(admin)).modules[2]!.id
    await editModule(admin, thirdModule, withVideo(uploaded.id, uploaded.posterMediaId))
    const answer = await admin.get(mediaUrl(uploaded.id))
    expect(answer.status).toBe(302)
    const presigned = answer.headers.get('location')!
    const end = await fetch(presigned, { headers: { range: `bytes=${video.length - MB}-` } })
    expect(end.status).toBe(206)
    expect(Buffer.from(await end.arrayBuffer()).equals(video.subarray(video.length - MB))).toBe(true)
    expect(Buffer.from(await (await fetch(presigned)).arrayBuffer()).equals(video)).toBe(true)
    const poster = await fetch((await admin.get(mediaUrl(uploaded.posterMediaId!))).headers.get('location')!)
    expect(poster.headers.get('content-type')).toBe('image/jpeg')

    // Out of the lesson (never published): the objects go.
    await editModule(admin, thirdModule, withVideo(null))
    expect(await h.mediaStorage.stat(uploaded.id)).toBeUndefined()
    expect(await h.mediaStorage.stat(uploaded.posterMediaId!)).toBeUndefined()
    expect((await admin.get(mediaUrl(uploaded.id))).status).toBe(404)
  })

  it('deletes an upload the admin abandons (tus DELETE), multipart upload and all', async () => {
    const created = await createUpload(admin, 8 * MB)
    const location = created.headers.get('location')!
    const uploadId = location.split('/').at(-1)!
    expect((await patchUpload(admin, location, 0, (await paddedWebm(8 * MB)).subarray(0, 6 * MB))).status).toBe(204)
    expect(await s3.multipartUploads()).toHaveLength(1)
    const deleted = await admin.request('DELETE', location, { headers: TUS })
    expect(deleted.status).toBe(204)
    expect(await s3.multipartUploads()).toEqual([])
    expect(await hasObject(`${uploadId}.info`)).toBe(false)
    expect((await admin.request('HEAD', location, { headers: TUS })).status).toBe(404)
    expect((await admin.get(`${MEDIA_UPLOAD_PATH}/${uploadId}/media`)).status).toBe(404)
  })

  it('expires unfinished multipart uploads by their start date', async () => {
    const created = await createUpload(admin, 8 * MB)
    const location = created.headers.get('location')!
    expect((await patchUpload(admin, location, 0, (await paddedWebm(8 * MB)).subarray(0, 6 * MB))).status).toBe(204)
    // The portal's own storage keeps uploads a day: this one is not abandoned yet.
    await h.mediaStorage.deleteAbandonedUploads(new Date())
    expect(await s3.multipartUploads()).toHaveLength(1)
    // The same bucket with an expiry of a millisecond: now it is.
    const impatient = openS3Storage(h.env.s3!, 1)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(await impatient.deleteAbandonedUploads(new Date())).toBeGreaterThan(0)
    expect(await s3.multipartUploads()).toEqual([])
    expect(await hasObject(`${location.split('/').at(-1)!}.info`)).toBe(false)
  })
})
