// The contract between the video features: uploads (admin), media serving, and watch tracking.
// Uploads go through the tus protocol; every finished upload becomes one media record.

/** The tus endpoint (admins only): POST creates an upload, HEAD/PATCH/DELETE on `${path}/:uploadId`. */
export const MEDIA_UPLOAD_PATH = '/api/admin/media/uploads'

/** What a tus upload's `kind` metadata says the file is for; the server still decides the type from the bytes. */
export const UPLOAD_KINDS = ['video', 'captions'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

/** A stored file: an uploaded video or captions file, or a poster frame the server took from a video. */
export type MediaKind = UploadKind | 'poster'

/**
 * `GET ${MEDIA_UPLOAD_PATH}/:uploadId/media`: what a finished upload became. 200 with this once the
 * server has checked (and, with ffmpeg, processed) the file; 202 `{ status: 'processing' }` before;
 * 422 with the one error body when the file was refused (nothing is kept).
 */
export type UploadedMedia = {
  id: string
  kind: MediaKind
  contentType: string
  bytes: number
  originalName: string
  /** Read by ffprobe; null without ffmpeg (the admin types the lesson's duration). */
  durationSeconds: number | null
  /** The poster frame taken by ffmpeg; null without it. */
  posterMediaId: string | null
  createdAt: string
}

/** Where a stored file is fetched (signed-in learners and admins; Range requests; S3 answers with a short-lived redirect). */
export const mediaUrl = (mediaId: string) => `/api/media/${encodeURIComponent(mediaId)}`

/** How often a playing video reports its position (also on pause and on `pagehide`). */
export const WATCH_REPORT_INTERVAL_SECONDS = 12

/** Longest video the watch tracking accepts: anything longer is an absurd value. */
export const MAX_VIDEO_SECONDS = 24 * 3600

/** Body of a watch report (its schema, with the rules: src/shared/schemas/watch.ts). */
export type WatchReport = { positionSeconds: number; durationSeconds: number; ranges: [number, number][] }

/** A learner's watching of one lesson's video: `GET /api/watch/:moduleId` lists them, `PUT` answers with one. */
export type LessonWatch = {
  lessonId: string
  /** Where to offer to resume ("Resume at 4:12"). */
  positionSeconds: number
  durationSeconds: number
  /** Merged watched ranges / duration, 0–100, rounded down. */
  percentWatched: number
  updatedAt: string
}

/** `GET /api/watch/:moduleId`. */
export type ModuleWatch = { moduleId: string; lessons: LessonWatch[] }

/** One learner's watching of one lesson, as the admin's report lists it (newest first). */
export type WatchingReportRow = {
  email: string
  fullName: string
  moduleNumber: number
  moduleTitle: string
  lessonTitle: string
  percentWatched: number
  lastWatchedAt: string
}

/** `GET /api/admin/reports/watching?page=`: a page of rows; `…/watching.csv` has them all. */
export type WatchingReport = { total: number; page: number; pageSize: number; pageCount: number; rows: WatchingReportRow[] }
