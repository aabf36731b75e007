import type { DataStore } from '@tus/utils'

/** How long an unfinished upload is kept before it counts as abandoned. */
export const ABANDONED_UPLOAD_MS = 24 * 3600 * 1000

/** A stored file's size and date, for Content-Length, ETag and Last-Modified. */
export type StoredFile = { bytes: number; modifiedAt: Date }

/**
 * Where media files live: under DATA_DIR/media (local-storage.ts) or in an S3-compatible bucket
 * (s3-storage.ts). Uploads arrive through tus into `datastore`, under their tus id; a finished and
 * accepted upload is adopted under its media id. Decision 0054.
 */
export type MediaStorage = {
  readonly kind: 'local' | 's3'
  /** The tus store unfinished uploads are written to. */
  readonly datastore: DataStore
  /** The first bytes of a finished upload, to decide its type from. */
  readUploadStart(uploadId: string, length: number): Promise<Buffer>
  /** Runs `work` with the finished upload as a local file (ffmpeg reads files). */
  withUploadFile<T>(uploadId: string, work: (filePath: string) => Promise<T>): Promise<T>
  /** Moves a finished upload to where media `mediaId` is kept. */
  adoptUpload(uploadId: string, mediaId: string, contentType: string): Promise<void>
  /** Stores a local file as media `mediaId` (a remuxed video, a poster). */
  putFile(mediaId: string, filePath: string, contentType: string): Promise<void>
  /** Deletes an upload, finished or not, and what tus kept about it. */
  removeUpload(uploadId: string): Promise<void>
  /** Deletes media `mediaId`'s file; a missing one is already gone. */
  remove(mediaId: string): Promise<void>
  /** Deletes uploads left unfinished since before `now` - ABANDONED_UPLOAD_MS; answers how many. */
  deleteAbandonedUploads(now: Date): Promise<number>
  /** Media `mediaId`'s file, or undefined when there is none. */
  stat(mediaId: string): Promise<StoredFile | undefined>
  /** Local storage: the file's path, streamed by the media route. */
  filePath?(mediaId: string): string
  /** S3: a GET address valid for `seconds`. */
  presignedUrl?(mediaId: string, seconds: number, contentType: string): Promise<string>
}
