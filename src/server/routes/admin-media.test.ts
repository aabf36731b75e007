import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MEDIA_UPLOAD_PATH, mediaUrl } from '../../shared/media'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { media } from '../db/schema'
import { resumeProcessingAtStart, tidyMedia } from '../media/maintenance'
import { createHarness, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'
import { createUpload, makeClip, patchUpload, upload, uploadedMedia, WEBVTT } from '../test/media-files'

let h: Harness
let admin: TestClient
let clip: Buffer
const MAX_BYTES = 2_000_000

const mediaDir = () => path.join(h.env.dataDir, 'media')
const filesIn = async (dir: 'uploads' | 'files') => (await fs.readdir(path.join(mediaDir(), dir))).sort()

beforeAll(async () => {
  h = await createHarness({ MEDIA_MAX_BYTES: String(MAX_BYTES) })
  admin = (await h.signedIn({ role: 'admin' })).client
  clip = await makeClip()
})
afterAll(() => h.close())

describe('uploading a video', () => {
  it('keeps an MP4, reads its length, takes a poster and moves the index to the front', async () => {
    expect(clip.indexOf('moov')).toBeGreaterThan(clip.indexOf('mdat'))
    const { uploadId, patched } = await upload(admin, clip, { kind: 'video', filename: 'Welcome to the CRM.mp4' })
    expect(patched.status, patched.text).toBe(204)
    const media = await uploadedMedia(admin, uploadId)
    expect(media).toMatchObject({ kind: 'video', contentType: 'video/mp4', originalName: 'Welcome to the CRM.mp4' })
    expect(media.durationSeconds).toBeCloseTo(3, 0)
    expect(media.posterMediaId).toEqual(expect.any(String))

    const stored = await admin.request('GET', mediaUrl(media.id), { headers: { range: 'bytes=0-4095' } })
    expect(stored.status).toBe(206)
    expect(stored.text).toContain('moov')
    const poster = await admin.get(mediaUrl(media.posterMediaId!))
    expect(poster.status).toBe(200)
    expect(poster.headers.get('content-type')).toBe('image/jpeg')
    expect(poster.headers.get('cache-control')).toContain('max-age=31536000')
    expect(await filesIn('uploads')).toEqual([])
  })

  it('continues an interrupted upload where it stopped', async () => {
    const created = await createUpload(admin, clip.length)
    const location = created.headers.get('location')!
    const half = Math.floor(clip.length / 2)
    expect((await patchUpload(admin, location, 0, clip.subarray(0, half))).status).toBe(204)

    const head = await admin.request('HEAD', location, { headers: { 'tus-resumable': '1.0.0' } })
    expect(head.headers.get('upload-offset')).toBe(String(half))
    const rest = await patchUpload(admin, location, half, clip.subarray(half))
    expect(rest.status, rest.text).toBe(204)
    const media = await uploadedMedia(admin, location.split('/').at(-1)!)
    expect(media.kind).toBe('video')
  })

  it('keeps WebM and QuickTime videos, and WebVTT captions', async () => {
    for (const name of ['clip.webm', 'clip.mov']) {
      const { uploadId, patched } = await upload(admin, await makeClip(name, 1), { kind: 'video', filename: name })
      expect(patched.status, patched.text).toBe(204)
      expect((await uploadedMedia(admin, uploadId)).kind).toBe('video')
    }
    const { uploadId } = await upload(admin, WEBVTT, { kind: 'captions', filename: 'english.vtt' })
    const captions = await uploadedMedia(admin, uploadId)
    expect(captions).toMatchObject({ kind: 'captions', contentType: 'text/vtt; charset=utf-8', durationSeconds: null, posterMediaId: null })
    const served = await admin.get(mediaUrl(captions.id))
    expect(served.text).toBe(WEBVTT.toString())
  })
})

describe('refusing files', () => {
  const refusals = [
    ['a PNG named .mp4', 'video', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'not a video the portal can play'],
    ['a script named .mp4', 'video', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'not a video the portal can play'],
    ['a video sent as captions', 'captions', null, 'not a WebVTT captions file'],
    ['plain text sent as captions', 'captions', Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nSRT, not VTT\n'), 'not a WebVTT captions file'],
  ] as const

  it.each(refusals)('refuses %s with a clear 422 and keeps nothing', async (_name, kind, bytes, message) => {
    const before = await filesIn('files')
    const { uploadId, patched } = await upload(admin, bytes ?? clip, { kind, filename: 'lesson.mp4' })
    expect(patched.status).toBe(422)
    expect(patched.json.error.message).toContain(message)
    const outcome = await admin.get(`${MEDIA_UPLOAD_PATH}/${uploadId}/media`)
    expect(outcome.status).toBe(422)
    expect(outcome.json.error.message).toContain(message)
    expect(await filesIn('uploads')).toEqual([])
    expect(await filesIn('files')).toEqual(before)
  })

  it('refuses an upload over MEDIA_MAX_BYTES before taking any of it', async () => {
    const answer = await createUpload(admin, MAX_BYTES + 1)
    expect(answer.status).toBe(413)
    expect(await filesIn('uploads')).toEqual([])
  })

  it('refuses an upload that does not say what it is for', async () => {
    const answer = await createUpload(admin, 100, { filename: 'clip.mp4' })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text).error.message).toContain('kind must be video or captions')
    expect(await filesIn('uploads')).toEqual([])
  })

  it('never uses the file name as a path, and shows it only cleaned', async () => {
    const hostile = '../../../etc/passwd\u0000\n<img src=x onerror=alert(1)>.mp4'
    const { uploadId } = await upload(admin, clip, { kind: 'video', filename: hostile })
    const media = await uploadedMedia(admin, uploadId)
    expect(media.originalName).toBe('../../../etc/passwd<img src=x onerror=alert(1)>.mp4')
    expect(await filesIn('files')).toContain(media.id)
    expect((await fs.readdir(mediaDir())).sort()).toEqual(['files', 'uploads'])
  })

  it('answers 404 for an upload that never finished, and 400 for a malformed id', async () => {
    expect((await admin.get(`${MEDIA_UPLOAD_PATH}/abc123/media`)).status).toBe(404)
    expect((await admin.get(`${MEDIA_UPLOAD_PATH}/${encodeURIComponent('../x')}/media`)).status).toBe(400)
  })

  it('answers tus’s own refusals (an unknown upload, a wrong offset) in the one error body, status kept', async () => {
    const unknown = await admin.get(`${MEDIA_UPLOAD_PATH}/media`)
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) }, requestId: expect.any(String) })
    const created = await createUpload(admin, clip.length)
    const wrongOffset = await patchUpload(admin, created.headers.get('location')!, 5, clip.subarray(5))
    expect(wrongOffset.status).toBe(409)
    expect(wrongOffset.json.error.code).toBe('CONFLICT')
    expect(wrongOffset.json.error.message).toMatch(/offset/i)
    // Cancelled, as the editor's Cancel does: nothing of it is kept.
    const cancelled = await admin.request('DELETE', created.headers.get('location')!, { headers: { 'tus-resumable': '1.0.0' } })
    expect(cancelled.status).toBe(204)
    expect(await filesIn('uploads')).toEqual([])
  })

  it.each(REFUSED_CALLERS)('refuses the %s caller (%i %s) and keeps nothing', async (caller, status, code) => {
    const client = await h.clientAs(caller)
    const answer = await createUpload(client, clip.length)
    expect(answer.status).toBe(status)
    expect(answer.json.error.code).toBe(code)
    expect(await filesIn('uploads')).toEqual([])
  })
})

describe('abandoned uploads', () => {
  it('deletes an upload left unfinished for a day, and not before', async () => {
    const created = await createUpload(admin, clip.length)
    const location = created.headers.get('location')!
    await patchUpload(admin, location, 0, clip.subarray(0, 1000))
    expect((await filesIn('uploads')).length).toBe(2)

    const hourLater = new Date(Date.now() + 3600_000)
    expect((await tidyMedia(h.db, h.mediaStorage, hourLater)).abandonedUploads).toBe(0)
    const dayLater = new Date(Date.now() + 25 * 3600_000)
    expect((await tidyMedia(h.db, h.mediaStorage, dayLater)).abandonedUploads).toBe(1)
    expect(await filesIn('uploads')).toEqual([])
    const head = await admin.request('HEAD', location, { headers: { 'tus-resumable': '1.0.0' } })
    expect(head.status).toBe(404)
  })
})

describe('processing interrupted by a restart', () => {
  /** What a process stopped mid-processing leaves: the finished upload (or not) and a record `processing`. */
  async function leftProcessing(kind: 'video' | 'captions', bytes: Buffer | null, createdAt: Date) {
    const uploadId = randomUUID().replaceAll('-', '')
    if (bytes) await fs.writeFile(path.join(mediaDir(), 'uploads', uploadId), bytes)
    await h.db.insert(media).values({
      id: randomUUID(),
      uploadId,
      kind,
      status: 'processing',
      contentType: kind === 'video' ? 'video/mp4' : 'text/vtt; charset=utf-8',
      bytes: bytes?.length ?? 1000,
      originalName: kind === 'video' ? 'Interrupted.mp4' : 'english.vtt',
      createdAt,
    })
    return uploadId
  }
  const outcome = async (uploadId: string) => admin.get(`${MEDIA_UPLOAD_PATH}/${uploadId}/media`)

  it('processes again what a stopped process left, or refuses it when the upload is gone', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    const video = await leftProcessing('video', clip, twoHoursAgo)
    const captions = await leftProcessing('captions', WEBVTT, twoHoursAgo)
    const gone = await leftProcessing('video', null, twoHoursAgo)
    const recent = await leftProcessing('video', clip, new Date())
    expect((await outcome(video)).status).toBe(202)

    // On PostgreSQL another process may be processing the recent one: it is left alone.
    expect(await resumeProcessingAtStart(h.db, h.mediaStorage, false)).toHaveLength(3)
    const resumed = await uploadedMedia(admin, video)
    expect(resumed).toMatchObject({ kind: 'video', contentType: 'video/mp4', originalName: 'Interrupted.mp4' })
    expect(resumed.durationSeconds).toBeCloseTo(3, 0)
    expect(resumed.posterMediaId).toEqual(expect.any(String))
    const served = await admin.request('GET', mediaUrl(resumed.id), { headers: { range: 'bytes=0-4095' } })
    expect(served.status).toBe(206)
    expect(served.text).toContain('moov')
    expect((await admin.get(mediaUrl((await uploadedMedia(admin, captions)).id))).text).toBe(WEBVTT.toString())
    const refused = await vi.waitFor(async () => {
      const answer = await outcome(gone)
      expect(answer.status).toBe(422)
      return answer
    })
    expect(refused.json.error.message).toBe('The server restarted while preparing this file. Upload it again.')
    expect((await outcome(recent)).status).toBe(202)

    // The embedded database has one process only: every record left processing was interrupted.
    expect(await resumeProcessingAtStart(h.db, h.mediaStorage, true)).toHaveLength(1)
    expect((await uploadedMedia(admin, recent)).kind).toBe('video')
    expect(await filesIn('uploads')).toEqual([])
    expect(await resumeProcessingAtStart(h.db, h.mediaStorage, true)).toEqual([])
  })

  it('resumes in the hourly tidy-up what has been processing for over an hour', async () => {
    const stuck = await leftProcessing('video', clip, new Date(Date.now() - 2 * 3600_000))
    await tidyMedia(h.db, h.mediaStorage)
    expect((await uploadedMedia(admin, stuck)).durationSeconds).toBeCloseTo(3, 0)
    const [row] = await h.db.select().from(media).where(eq(media.uploadId, stuck))
    expect(row?.status).toBe('ready')
  })
})
