import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Server } from '@tus/server'
import type { Upload } from '@tus/utils'
import { and, eq, lt } from 'drizzle-orm'
import { MEDIA_UPLOAD_PATH, UPLOAD_KINDS, type UploadKind } from '../../shared/media'
import type { Db } from '../db/client'
import { media } from '../db/schema'
import { AppError } from '../errors'
import { recordAccepted, recordFailure, recordPoster, recordReady, recordRefusal } from '../services/media'
import { hasFfmpeg, probeDurationSeconds, remuxFaststart, takePoster } from './ffmpeg'
import { SNIFF_BYTES, sniffUpload } from './sniff'
import { STORAGE_FULL_MESSAGE, storageFault } from './storage-faults'
import type { MediaStorage } from './storage'
import { logger } from '../observability/logger'

/** A tus refusal in the portal's one error shape (tus sends `body` as it is). */
const refusal = (error: AppError) => ({ status_code: error.status, body: JSON.stringify(error.toBody()) })

/** The file's name as the uploader's browser gave it: shown to admins as text, never used as a path. */
function cleanName(name: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200)
  return cleaned || 'upload'
}

const uploadKind = (upload: Upload): UploadKind => upload.metadata?.kind as UploadKind

type Processing = { db: Db; storage: MediaStorage }

/** What processing needs of a finished upload: tus's record of it, or the media record's copy. */
type FinishedUpload = Pick<Upload, 'id' | 'size' | 'metadata'>

/** The media ids this process is processing now: never started twice. */
const processingHere = new Set<string>()

/**
 * With ffmpeg: reads the length, takes a poster and remuxes MP4/MOV with the index at the front;
 * anything ffmpeg cannot do leaves the upload as it came. Without ffmpeg the upload is kept as it is.
 */
async function processVideo({ db, storage }: Processing, upload: FinishedUpload, mediaId: string, contentType: string) {
  let durationSeconds: number | null = null
  let posterMediaId: string | null = null
  let bytes = upload.size ?? 0
  let finalType = contentType
  if (await hasFfmpeg()) {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-media-'))
    try {
      await storage.withUploadFile(upload.id, async (source) => {
        durationSeconds = await probeDurationSeconds(source).catch(() => null)
        const poster = path.join(work, 'poster.jpg')
        if (await takePoster(source, durationSeconds, poster).then(() => true, () => false)) {
          const posterBytes = (await fs.stat(poster)).size
          const id = await recordPoster(db, { originalName: cleanName(upload.metadata?.filename) }, posterBytes)
          await storage.putFile(id, poster, 'image/jpeg')
          posterMediaId = id
        }
        if (contentType !== 'video/webm') {
          const remuxed = path.join(work, 'remuxed.mp4')
          if (await remuxFaststart(source, remuxed).then(() => true, () => false)) {
            await storage.putFile(mediaId, remuxed, 'video/mp4')
            bytes = (await fs.stat(remuxed)).size
            finalType = 'video/mp4'
          }
        }
      })
    } finally {
      await fs.rm(work, { recursive: true, force: true })
    }
  }
  if (finalType === contentType && bytes === (upload.size ?? 0) && (await storage.stat(mediaId)) === undefined) {
    await storage.adoptUpload(upload.id, mediaId, contentType)
  } else {
    await storage.removeUpload(upload.id)
  }
  await recordReady(db, mediaId, { bytes, contentType: finalType, durationSeconds, posterMediaId })
}

/**
 * A finished upload: its type decided from its first bytes. Refused: the file is deleted at once,
 * the reason kept for `GET …/:uploadId/media`, and the last PATCH answers 422 with it. Accepted:
 * a media record, processed in the background (`processing` until then).
 */
async function finishUpload(deps: Processing, upload: Upload): Promise<void> {
  const { db, storage } = deps
  const kind = uploadKind(upload)
  const record = { uploadId: upload.id, kind, originalName: cleanName(upload.metadata?.filename), bytes: upload.size ?? 0 }
  const sniffed = await sniffUpload(kind, await storage.readUploadStart(upload.id, SNIFF_BYTES))
  if (!sniffed.ok) {
    await storage.removeUpload(upload.id)
    await recordRefusal(db, record, sniffed.message)
    throw refusal(new AppError('UNPROCESSABLE', sniffed.message))
  }
  const mediaId = await recordAccepted(db, record, sniffed.contentType)
  if (kind === 'captions') {
    await storage.adoptUpload(upload.id, mediaId, sniffed.contentType)
    await recordReady(db, mediaId, { bytes: record.bytes, contentType: sniffed.contentType, durationSeconds: null, posterMediaId: null })
    return
  }
  void startProcessing(deps, upload, mediaId, sniffed.contentType)
}

/** Processes a video in the background; a failure deletes its files and is recorded as a refusal. */
async function startProcessing(deps: Processing, upload: FinishedUpload, mediaId: string, contentType: string): Promise<void> {
  const { db, storage } = deps
  processingHere.add(mediaId)
  try {
    await processVideo(deps, upload, mediaId, contentType)
  } catch (error) {
    logger.error({ err: error, uploadId: upload.id }, 'Processing an upload failed')
    await storage.removeUpload(upload.id).catch(() => {})
    await storage.remove(mediaId).catch(() => {})
    const reason = storageFault(error)?.code === 'INSUFFICIENT_STORAGE' ? STORAGE_FULL_MESSAGE : 'The server could not read this video. Try exporting it again as MP4.'
    await recordFailure(db, mediaId, reason).catch(() => {})
  } finally {
    processingHere.delete(mediaId)
  }
}

/**
 * Processing still unfinished when a process stopped (a restart, a crash) leaves a record
 * `processing` and the finished upload in storage. Picks up every such record created before
 * `createdBefore` that this process is not working on: processed again from the upload, or
 * refused (the admin uploads again) when the upload is gone. Videos one after another, in the
 * background; answers their ids. Decision 0070.
 */
export async function resumeInterruptedProcessing(db: Db, storage: MediaStorage, createdBefore: Date): Promise<string[]> {
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.status, 'processing'), lt(media.createdAt, createdBefore)))
  const interrupted = rows.filter((row) => !processingHere.has(row.id))
  for (const row of interrupted) processingHere.add(row.id)
  void (async () => {
    for (const row of interrupted) {
      const upload: FinishedUpload = { id: row.uploadId ?? '', size: row.bytes, metadata: { filename: row.originalName } }
      try {
        const hasUpload = row.uploadId !== null && (await storage.readUploadStart(row.uploadId, 1).then(() => true, () => false))
        if (!hasUpload) {
          await storage.remove(row.id)
          await recordFailure(db, row.id, 'The server restarted while preparing this file. Upload it again.')
        } else if (row.kind === 'captions') {
          await storage.adoptUpload(upload.id, row.id, row.contentType)
          await recordReady(db, row.id, { bytes: row.bytes, contentType: row.contentType, durationSeconds: null, posterMediaId: null })
        } else {
          await startProcessing({ db, storage }, upload, row.id, row.contentType)
        }
      } catch (error) {
        logger.error({ err: error, mediaId: row.id }, 'Resuming the processing of a video failed')
      } finally {
        processingHere.delete(row.id)
      }
    }
  })().catch((error: unknown) => logger.error({ err: error }, 'Resuming interrupted video processing failed'))
  return interrupted.map((row) => row.id)
}

export type MediaUploads = { handle: (request: Request) => Promise<Response> }

/** The tus server behind MEDIA_UPLOAD_PATH (admins only: the route guards it first). */
export function createMediaUploads(deps: Processing & { maxBytes: number }): MediaUploads {
  const server = new Server({
    path: MEDIA_UPLOAD_PATH,
    datastore: deps.storage.datastore,
    maxSize: deps.maxBytes,
    relativeLocation: true,
    async onUploadCreate(_request, upload) {
      const kind = upload.metadata?.kind
      if (!kind || !(UPLOAD_KINDS as readonly string[]).includes(kind)) {
        throw refusal(new AppError('VALIDATION_FAILED', 'Say what the file is for: kind must be video or captions.'))
      }
      if (upload.sizeIsDeferred) throw refusal(new AppError('VALIDATION_FAILED', 'The upload must state its length.'))
      return {}
    },
    async onUploadFinish(_request, upload) {
      // Processing goes on after the answer; it records its own failure.
      await finishUpload(deps, upload)
      return {}
    },
    // The storage failing under tus (S3 unreachable, the disk full) is answered as what it is, in
    // the one error shape. A disk that filled mid-upload leaves a partial file nobody may resume
    // into (the space is not coming back by itself): it is deleted, so nothing half-written stays.
    async onResponseError(request, error) {
      const fault = storageFault(error)
      if (!fault) return undefined
      const uploadId = new URL(request.url).pathname.slice(MEDIA_UPLOAD_PATH.length + 1)
      if (fault.code === 'INSUFFICIENT_STORAGE' && /^[A-Za-z0-9-]{1,64}$/.test(uploadId)) {
        await deps.storage.removeUpload(uploadId).catch((cause: unknown) => console.error(`[media] could not delete the partial upload ${uploadId}:`, cause))
      }
      return refusal(fault)
    },
  })
  return { handle: (request) => server.handleWeb(request) }
}
