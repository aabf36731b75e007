import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, vi } from 'vitest'
import { MEDIA_UPLOAD_PATH, type UploadedMedia } from '../../shared/media'
import type { TestClient } from './harness'

const run = promisify(execFile)

/**
 * A short test clip made with ffmpeg: H.264 and AAC in MP4 with the index at the end, as most
 * cameras and editors write it (`.mov` gives QuickTime; `.webm` VP8/Vorbis).
 */
export async function makeClip(name = 'clip.mp4', seconds = 3): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-clip-'))
  const file = path.join(dir, name)
  const video = name.endsWith('.webm') ? ['-c:v', 'libvpx', '-c:a', 'libvorbis'] : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=160x120:rate=10`],
    ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`, ...video, '-shortest', file],
  ])
  const bytes = await fs.readFile(file)
  await fs.rm(dir, { recursive: true, force: true })
  return bytes
}

export const WEBVTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello, brokers.\n')

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')

const TUS = { 'tus-resumable': '1.0.0' }

/** Starts a tus upload of `length` bytes; answers the POST. */
export const createUpload = (client: TestClient, length: number, fields: Record<string, string> = { kind: 'video', filename: 'clip.mp4' }) =>
  client.request('POST', MEDIA_UPLOAD_PATH, { headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata(fields) } })

/** Sends `chunk` at `offset` of the upload at `location`. */
export const patchUpload = (client: TestClient, location: string, offset: number, chunk: Buffer) =>
  client.request('PATCH', location, {
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    rawBody: new Uint8Array(chunk),
  })

/** Uploads `bytes` in one PATCH; answers the upload's location and the PATCH's answer. */
export async function upload(client: TestClient, bytes: Buffer, fields?: Record<string, string>) {
  const created = await createUpload(client, bytes.length, fields)
  expect(created.status, created.text).toBe(201)
  const location = created.headers.get('location')!
  return { location, uploadId: location.split('/').at(-1)!, patched: await patchUpload(client, location, 0, bytes) }
}

/** What the upload became, once the server has processed it. */
export async function uploadedMedia(client: TestClient, uploadId: string): Promise<UploadedMedia> {
  return vi.waitFor(
    async () => {
      const answer = await client.get(`${MEDIA_UPLOAD_PATH}/${uploadId}/media`)
      expect(answer.status, answer.text).toBe(200)
      return answer.json as UploadedMedia
    },
    { timeout: 30_000, interval: 100 },
  )
}
