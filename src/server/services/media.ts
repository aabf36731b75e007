import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { ModuleContent } from '../../shared/course/schema'
import type { UploadedMedia, UploadKind } from '../../shared/media'
import type { Db } from '../db/client'
import { courseModuleDraft, courseVersion, media } from '../db/schema'
import { AppError } from '../errors'
import type { MediaStorage } from '../media/storage'
import { logger } from '../observability/logger'

type MediaRow = typeof media.$inferSelect

export const toUploadedMedia = (row: MediaRow): UploadedMedia => ({
  id: row.id,
  kind: row.kind,
  contentType: row.contentType,
  bytes: row.bytes,
  originalName: row.originalName,
  durationSeconds: row.durationSeconds,
  posterMediaId: row.posterMediaId,
  createdAt: row.createdAt.toISOString(),
})

export type UploadOutcome = { status: 'processing' } | { status: 'ready'; media: UploadedMedia }

/**
 * What a finished upload became (`GET …/uploads/:uploadId/media`): processing, the media, or the
 * refusal as a 422; an upload the server never finished is not found.
 */
export async function readUploadOutcome(db: Db, uploadId: string): Promise<UploadOutcome> {
  const [row] = await db.select().from(media).where(eq(media.uploadId, uploadId))
  if (!row) throw new AppError('NOT_FOUND', 'No finished upload has this id.')
  if (row.status === 'refused') throw new AppError('UNPROCESSABLE', row.refusal ?? 'This file was refused.')
  if (row.status === 'processing') return { status: 'processing' }
  return { status: 'ready', media: toUploadedMedia(row) }
}

type NewUpload = { uploadId: string; kind: UploadKind; originalName: string; bytes: number }

/** Records a refused upload (its file is already gone): only the reason is kept, for the uploader. */
export async function recordRefusal(db: Db, upload: NewUpload, refusal: string): Promise<void> {
  await db.insert(media).values({ id: randomUUID(), ...upload, status: 'refused', refusal, contentType: 'application/octet-stream' })
}

/** A new media record for an accepted upload, still processing. */
export async function recordAccepted(db: Db, upload: NewUpload, contentType: string): Promise<string> {
  const id = randomUUID()
  await db.insert(media).values({ id, ...upload, status: 'processing', contentType })
  return id
}

export async function recordReady(
  db: Db,
  id: string,
  fields: { bytes: number; contentType: string; durationSeconds: number | null; posterMediaId: string | null },
): Promise<void> {
  await db.update(media).set({ ...fields, status: 'ready' }).where(eq(media.id, id))
}

/** A video the server could not process: refused after all, its files already deleted. */
export async function recordFailure(db: Db, id: string, refusal: string): Promise<void> {
  await db.update(media).set({ status: 'refused', refusal }).where(eq(media.id, id))
}

/** A poster frame taken from a video: a media record of its own, ready at once. */
export async function recordPoster(db: Db, video: { originalName: string }, bytes: number): Promise<string> {
  const id = randomUUID()
  await db.insert(media).values({ id, kind: 'poster', status: 'ready', contentType: 'image/jpeg', bytes, originalName: `${video.originalName}.jpg` })
  return id
}

/** A stored file, ready to serve; undefined for an unknown, refused or unfinished one. */
export async function readServableMedia(db: Pick<Db, 'select'>, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(and(eq(media.id, id), eq(media.status, 'ready')))
  return row
}

/**
 * Refuses a module whose uploaded videos name a file that is not a ready file of the right kind:
 * the video a video, its poster a poster, each captions track a WebVTT file (422, nothing saved).
 * A lesson would otherwise save fine and play nothing. Decision 0070.
 */
export async function checkLessonMedia(db: Pick<Db, 'select'>, module: ModuleContent): Promise<void> {
  const wanted = module.lessons.flatMap(({ title, video }) =>
    video?.provider === 'upload'
      ? [
          { id: video.mediaId, kind: 'video', what: `Lesson "${title}": the video` },
          ...(video.posterMediaId ? [{ id: video.posterMediaId, kind: 'poster', what: `Lesson "${title}": the poster` }] : []),
          ...video.captions.map((track) => ({ id: track.mediaId, kind: 'captions', what: `Lesson "${title}": the captions "${track.label}"` })),
        ]
      : [],
  )
  if (wanted.length === 0) return
  const rows = await db
    .select({ id: media.id, kind: media.kind })
    .from(media)
    .where(and(inArray(media.id, [...new Set(wanted.map((file) => file.id))]), eq(media.status, 'ready')))
  const kinds = new Map(rows.map((row) => [row.id, row.kind]))
  for (const file of wanted) {
    const kind = kinds.get(file.id)
    if (kind === undefined) throw new AppError('UNPROCESSABLE', `${file.what} is not an uploaded file that is ready. Upload it again.`)
    if (kind !== file.kind) throw new AppError('UNPROCESSABLE', `${file.what} must be ${KIND_NAMES[file.kind]}, and this file is ${KIND_NAMES[kind]}.`)
  }
}

const KIND_NAMES: Record<string, string> = { video: 'a video', poster: 'a poster image', captions: 'a WebVTT captions file' }

// A media id is a UUID, and appears in a course document only as a value the schema checked: a
// text search of the documents finds exactly the ones that name it.
const namedIn = (table: typeof courseVersion | typeof courseModuleDraft) =>
  table === courseVersion
    ? sql`exists (select 1 from ${courseVersion} where ${courseVersion.document}::text like '%' || ${media.id} || '%')`
    : sql`exists (select 1 from ${courseModuleDraft} where ${courseModuleDraft.content}::text like '%' || ${media.id} || '%')`
const isNamed = sql`(${namedIn(courseVersion)} or ${namedIn(courseModuleDraft)})`
/** A poster is kept while its video is. */
const isPosterOfKept = sql`exists (select 1 from ${media} as "video" where "video"."poster_media_id" = ${media.id})`

/**
 * Deletes every stored file no draft module and no published version names any more
 * (docs/decisions/0056-deleting-media.md). A file is spared until it has been named once (an
 * admin uploads, then saves the lesson), unless it is older than `abandonedBefore`. Answers the
 * ids deleted.
 */
export async function deleteUnreferencedMedia(db: Db, storage: MediaStorage, abandonedBefore: Date, now = new Date()): Promise<string[]> {
  await db.update(media).set({ attachedAt: now }).where(and(isNull(media.attachedAt), eq(media.status, 'ready'), isNamed))
  const doomed = await db
    .select({ id: media.id, posterMediaId: media.posterMediaId })
    .from(media)
    .where(
      and(
        eq(media.status, 'ready'),
        sql`not ${isNamed}`,
        sql`not ${isPosterOfKept}`,
        or(isNotNull(media.attachedAt), lt(media.createdAt, abandonedBefore)),
      ),
    )
  const ids = doomed.flatMap((row) => [row.id, ...(row.posterMediaId ? [row.posterMediaId] : [])])
  if (ids.length === 0) return []
  // Records first: a file whose record is gone can no longer be served, and a failed file
  // deletion leaves only bytes, which the next sweep cannot see but harm nothing.
  await db.delete(media).where(inArray(media.id, ids))
  for (const id of ids) {
    await storage.remove(id).catch((error: unknown) => logger.error({ err: error, mediaId: id }, 'Deleting a media file failed'))
  }
  return ids
}

/** Refusals are kept a day, for the uploader to read; then forgotten. */
export async function forgetOldRefusals(db: Db, before: Date): Promise<void> {
  await db.delete(media).where(and(eq(media.status, 'refused'), lt(media.createdAt, before)))
}
