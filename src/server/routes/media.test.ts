import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaUrl, type UploadedMedia } from '../../shared/media'
import type { ModuleContent } from '../../shared/course/schema'
import { media as mediaTable, session } from '../db/schema'
import { draftCourse, editModule, publish } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { makeClip, upload, uploadedMedia, WEBVTT } from '../test/media-files'

let h: Harness
let admin: TestClient
let learner: TestClient
let video: UploadedMedia
let unpublished: UploadedMedia
let clip: Buffer
let firstModuleId: string

/** The answer's bytes, as a browser's player reads them. */
async function fetchBytes(client: TestClient, url: string, headers: Record<string, string> = {}, method = 'GET') {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const response = await h.app.request(url, { method, headers: { cookie, ...headers } })
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
}

const withVideo = (mediaId: string | null) => (module: ModuleContent): ModuleContent => ({
  ...module,
  lessons: module.lessons.map((lesson, index) =>
    index === 0
      ? { ...lesson, video: mediaId ? { provider: 'upload', mediaId, posterMediaId: null, durationSeconds: 3, captions: [] } : null }
      : lesson,
  ),
})

beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin' })).client
  learner = (await h.signedIn()).client
  video = await uploadedMedia(admin, (await upload(admin, await makeClip())).uploadId)
  unpublished = await uploadedMedia(admin, (await upload(admin, WEBVTT, { kind: 'captions', filename: 'en.vtt' })).uploadId)
  clip = (await fetchBytes(admin, mediaUrl(video.id))).bytes
  firstModuleId = (await draftCourse(admin)).modules[0]!.id
  await editModule(admin, firstModuleId, withVideo(video.id))
  await publish(admin, 'An uploaded video')
})
afterAll(() => h.close())

describe('range requests', () => {
  it('serves the whole file with Accept-Ranges, ETag and Last-Modified', async () => {
    const whole = await fetchBytes(learner, mediaUrl(video.id))
    expect(whole.status).toBe(200)
    expect(whole.bytes.length).toBe(video.bytes)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect(whole.headers.get('content-length')).toBe(String(video.bytes))
    expect(whole.headers.get('etag')).toMatch(/^"[^"]+"$/)
    expect(new Date(whole.headers.get('last-modified')!).getTime()).toBeGreaterThan(0)
  })

  it.each([
    ['the first bytes', 'bytes=0-99', () => [0, 99]],
    ['the middle', 'bytes=1000-1999', () => [1000, 1999]],
    ['a suffix', 'bytes=-500', () => [clip.length - 500, clip.length - 1]],
    ['an open end', 'bytes=2000-', () => [2000, clip.length - 1]],
    ['a range past the end, cut to it', 'bytes=2000-99999999', () => [2000, clip.length - 1]],
  ])('answers 206 with %s', async (_name, range, expected) => {
    const [start, end] = expected() as [number, number]
    const answer = await fetchBytes(learner, mediaUrl(video.id), { range })
    expect(answer.status).toBe(206)
    expect(answer.headers.get('content-range')).toBe(`bytes ${start}-${end}/${clip.length}`)
    expect(answer.headers.get('content-length')).toBe(String(end - start + 1))
    expect(answer.bytes.equals(clip.subarray(start, end + 1))).toBe(true)
  })

  it('answers 416 with the size for a range that starts past the end', async () => {
    const answer = await fetchBytes(learner, mediaUrl(video.id), { range: `bytes=${clip.length}-` })
    expect(answer.status).toBe(416)
    expect(answer.headers.get('content-range')).toBe(`bytes */${clip.length}`)
    expect(answer.bytes.length).toBe(0)
  })

  it('ignores a Range header that is not a byte range', async () => {
    for (const range of ['items=0-5', 'bytes=5-1', 'bytes=abc']) {
      const answer = await fetchBytes(learner, mediaUrl(video.id), { range })
      expect(answer.status).toBe(200)
      expect(answer.bytes.length).toBe(clip.length)
    }
  })

  it('answers several ranges as multipart/byteranges, overlapping ones merged', async () => {
    const answer = await fetchBytes(learner, mediaUrl(video.id), { range: 'bytes=0-9, 100-109, 105-119' })
    expect(answer.status).toBe(206)
    const boundary = /boundary=(\S+)/.exec(answer.headers.get('content-type')!)![1]!
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/byteranges; boundary=/)
    expect(answer.headers.get('content-length')).toBe(String(answer.bytes.length))
    const parts = answer.bytes.toString('latin1').split(`--${boundary}`).slice(1, -1)
    expect(parts).toHaveLength(2)
    const expected = [[0, 9], [100, 119]] as const
    parts.forEach((part, index) => {
      const [head, body] = part.split('\r\n\r\n') as [string, string]
      const [start, end] = expected[index]!
      expect(head).toContain(`Content-Range: bytes ${start}-${end}/${clip.length}`)
      expect(head).toContain('Content-Type: video/mp4')
      expect(Buffer.from(body.replace(/\r\n$/, ''), 'latin1').equals(clip.subarray(start, end + 1))).toBe(true)
    })
  })

  it('answers HEAD with the headers and no body', async () => {
    const head = await fetchBytes(learner, mediaUrl(video.id), {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(clip.length))
    expect(head.bytes.length).toBe(0)
    const partial = await fetchBytes(learner, mediaUrl(video.id), { range: 'bytes=0-9' }, 'HEAD')
    expect(partial.status).toBe(206)
    expect(partial.headers.get('content-length')).toBe('10')
  })

  it('honours If-Range: the current ETag or date gets the range, a stale one the whole file', async () => {
    const { headers } = await fetchBytes(learner, mediaUrl(video.id), {}, 'HEAD')
    const etag = headers.get('etag')!
    const current = await fetchBytes(learner, mediaUrl(video.id), { range: 'bytes=0-9', 'if-range': etag })
    expect(current.status).toBe(206)
    const byDate = await fetchBytes(learner, mediaUrl(video.id), { range: 'bytes=0-9', 'if-range': headers.get('last-modified')! })
    expect(byDate.status).toBe(206)
    const stale = await fetchBytes(learner, mediaUrl(video.id), { range: 'bytes=0-9', 'if-range': '"an-older-version"' })
    expect(stale.status).toBe(200)
    expect(stale.bytes.length).toBe(clip.length)
    const revalidated = await fetchBytes(learner, mediaUrl(video.id), { 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
  })
})

describe('who may fetch media', () => {
  it('refuses anyone not signed in, and a learner who must change their password', async () => {
    const anonymous = await h.client().get(mediaUrl(video.id))
    expect(anonymous.status).toBe(401)
    const mustChange = await h.clientAs('must-change')
    expect((await mustChange.get(mediaUrl(video.id))).status).toBe(403)
  })

  it('gives a learner only what the published course names; an admin everything', async () => {
    expect((await learner.get(mediaUrl(unpublished.id))).status).toBe(404)
    expect((await admin.get(mediaUrl(unpublished.id))).status).toBe(200)
    const withoutTwoFactor = await h.clientAs('admin-without-2fa')
    expect((await withoutTwoFactor.get(mediaUrl(video.id))).status).toBe(200)
    expect((await withoutTwoFactor.get(mediaUrl(unpublished.id))).status).toBe(404)
    expect((await learner.get(mediaUrl(randomUUID()))).status).toBe(404)
    expect((await learner.get('/api/media/not-a-uuid')).status).toBe(400)
  })

  it('stops a copied address working once the session ends', async () => {
    const { client } = await h.signedIn()
    expect((await client.get(mediaUrl(video.id))).status).toBe(200)
    const cookies = new Map(client.cookies)
    expect((await client.post('/api/auth/sign-out')).status).toBe(200)
    const copied = h.client()
    for (const [name, value] of cookies) copied.cookies.set(name, value)
    expect((await copied.get(mediaUrl(video.id))).status).toBe(401)
  })
})

describe('deleting a lesson video', () => {
  it('deletes the stored file once no draft and no published version names it', async () => {
    const draftOnly = await uploadedMedia(admin, (await upload(admin, clip)).uploadId)
    const filesDir = path.join(h.env.dataDir, 'media', 'files')
    const secondModule = (await draftCourse(admin)).modules[1]!.id
    await editModule(admin, secondModule, withVideo(draftOnly.id))
    expect(await fs.readdir(filesDir)).toContain(draftOnly.id)
    await editModule(admin, secondModule, withVideo(null))
    const left = await fs.readdir(filesDir)
    expect(left).not.toContain(draftOnly.id)
    expect(left).not.toContain(draftOnly.posterMediaId)
    expect((await admin.get(mediaUrl(draftOnly.id))).status).toBe(404)

    // The published version still names the first video: taking it out of the draft keeps it for learners.
    await editModule(admin, firstModuleId, withVideo(null))
    expect(await fs.readdir(filesDir)).toContain(video.id)
    expect((await learner.get(mediaUrl(video.id))).status).toBe(200)
    await editModule(admin, firstModuleId, withVideo(video.id))
  })
})

describe('saving a lesson that names an uploaded file', () => {
  const COURSE = '/api/admin/course'
  const lessonVideo = (mediaId: string, extra: { posterMediaId?: string | null; captions?: { mediaId: string; language: string; label: string }[] } = {}) =>
    ({ provider: 'upload', mediaId, posterMediaId: extra.posterMediaId ?? null, durationSeconds: 3, captions: extra.captions ?? [] }) as const

  it('refuses with a clear 422 a file that is missing, unfinished, refused or of the wrong kind, and saves nothing', async () => {
    const processing = randomUUID()
    const refused = randomUUID()
    await h.db.insert(mediaTable).values([
      { id: processing, uploadId: `p${processing.slice(0, 8)}`, kind: 'video', status: 'processing', contentType: 'video/mp4', bytes: 10, originalName: 'a.mp4' },
      { id: refused, uploadId: `r${refused.slice(0, 8)}`, kind: 'video', status: 'refused', refusal: 'Not a video', contentType: 'video/mp4', bytes: 10, originalName: 'b.mp4' },
    ])
    const captionsTrack = (mediaId: string) => [{ mediaId, language: 'en', label: 'English' }]
    const cases = [
      [lessonVideo(randomUUID()), 'the video is not an uploaded file that is ready'],
      [lessonVideo(processing), 'the video is not an uploaded file that is ready'],
      [lessonVideo(refused), 'the video is not an uploaded file that is ready'],
      [lessonVideo(unpublished.id), 'the video must be a video, and this file is a WebVTT captions file'],
      [lessonVideo(video.id, { posterMediaId: video.id }), 'the poster must be a poster image, and this file is a video'],
      [lessonVideo(video.id, { captions: captionsTrack(video.id) }), 'the captions "English" must be a WebVTT captions file, and this file is a video'],
      [lessonVideo(video.id, { captions: captionsTrack(randomUUID()) }), 'the captions "English" is not an uploaded file that is ready'],
    ] as const
    const secondModule = (await draftCourse(admin)).modules[1]!.id
    const before = (await admin.get(`${COURSE}/modules/${secondModule}`)).json as { revision: number; module: ModuleContent }
    for (const [video, message] of cases) {
      const lessons = before.module.lessons.map((lesson, index) => (index === 0 ? { ...lesson, video } : lesson))
      const saved = await admin.put(`${COURSE}/modules/${secondModule}`, { baseRevision: before.revision, module: { ...before.module, lessons } })
      expect(saved.status, saved.text).toBe(422)
      expect(saved.json.error.message).toBe(`Lesson "${before.module.lessons[0]!.title}": ${message}${message.includes('ready') ? '. Upload it again.' : '.'}`)
    }
    expect((await admin.get(`${COURSE}/modules/${secondModule}`)).json).toEqual(before)

    // The right files save.
    const poster = video.posterMediaId!
    const lessons = before.module.lessons.map((lesson, index) =>
      index === 0 ? { ...lesson, video: lessonVideo(video.id, { posterMediaId: poster, captions: captionsTrack(unpublished.id) }) } : lesson,
    )
    const saved = await admin.put(`${COURSE}/modules/${secondModule}`, { baseRevision: before.revision, module: { ...before.module, lessons } })
    expect(saved.status, saved.text).toBe(200)
    await editModule(admin, secondModule, () => before.module)
  })
})

describe('streaming', () => {
  it('serves a 200 MB file without holding it in memory', async () => {
    const id = randomUUID()
    const size = 200 * 1024 * 1024
    const file = path.join(h.env.dataDir, 'media', 'files', id)
    const handle = await fs.open(file, 'w')
    await handle.truncate(size)
    await handle.close()
    await h.db.insert(mediaTable).values({ id, kind: 'video', status: 'ready', contentType: 'video/mp4', bytes: size, originalName: 'big.mp4' })
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    globalThis.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    let received = 0
    const response = await h.app.request(mediaUrl(id), { headers: { cookie } })
    const reader = response.body!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      received += value.length
      peak = Math.max(peak, process.memoryUsage().rss)
    }
    expect(received).toBe(size)
    expect(peak - before).toBeLessThan(50 * 1024 * 1024)
  })
})

describe("on Node's own server", () => {
  it('pipes the range into Node’s response with the request id and a refreshed session cookie', async () => {
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const { user, client } = await h.signedIn()
      const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      const get = (requestId: string) =>
        fetch(`http://127.0.0.1:${port}${mediaUrl(video.id)}`, { headers: { cookie, range: 'bytes=100-1099', 'x-request-id': requestId } })

      const fresh = await get('range-check-1')
      expect(fresh.status).toBe(206)
      expect(fresh.headers.get('content-range')).toBe(`bytes 100-1099/${clip.length}`)
      expect(fresh.headers.get('x-request-id')).toBe('range-check-1')
      expect(fresh.headers.get('x-content-type-options')).toBe('nosniff')
      expect(fresh.headers.getSetCookie()).toEqual([])
      expect(Buffer.from(await fresh.arrayBuffer()).equals(clip.subarray(100, 1100))).toBe(true)

      // A session two days from its end is extended by the next request, and the browser's cookie with it.
      await h.db.update(session).set({ expiresAt: new Date(Date.now() + 2 * 86_400_000) }).where(eq(session.userId, user.id))
      const extended = await get('range-check-2')
      expect(extended.status).toBe(206)
      expect(extended.headers.get('x-request-id')).toBe('range-check-2')
      expect(extended.headers.getSetCookie()).toEqual([expect.stringMatching(/Max-Age=\d+/)])
      await extended.arrayBuffer()
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('the course schedule (docs/decisions/0090-course-schedule.md)', () => {
  it('serves a lesson video only when a module naming it is open to the learner; admins always', async () => {
    const secondModuleId = (await draftCourse(admin)).modules[1]!.id
    await editModule(admin, firstModuleId, withVideo(null))
    await editModule(admin, secondModuleId, withVideo(video.id))
    await publish(admin, 'The video moves to module 2')
    expect((await admin.put('/api/admin/schedule', { mode: 'in-order', dripDays: {} })).status).toBe(200)
    try {
      const { user, client } = await h.signedIn()
      const locked = await fetchBytes(client, mediaUrl(video.id))
      expect(locked.status).toBe(403)
      expect(JSON.parse(locked.bytes.toString())).toMatchObject({ error: { code: 'MODULE_LOCKED', finishFirst: 1 } })
      expect((await fetchBytes(admin, mediaUrl(video.id))).status).toBe(200)
      expect((await admin.put(`/api/admin/users/${user.id}/schedule`, { isLifted: true })).status).toBe(200)
      const lifted = await fetchBytes(client, mediaUrl(video.id))
      expect([lifted.status, lifted.bytes.length]).toEqual([200, clip.length])
    } finally {
      await admin.put('/api/admin/schedule', { mode: 'all', dripDays: {} })
    }
  })
})
