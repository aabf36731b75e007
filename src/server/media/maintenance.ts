import type { Db } from '../db/client'
import { deleteUnreferencedMedia, forgetOldRefusals } from '../services/media'
import { ABANDONED_UPLOAD_MS, type MediaStorage } from './storage'
import { resumeInterruptedProcessing } from './uploads'

/**
 * A record still `processing` after an hour was interrupted: processing a video copies streams,
 * it does not re-encode, and takes seconds to minutes even for gigabytes. Decision 0070.
 */
export const PROCESSING_TIMEOUT_MS = 3600 * 1000

/**
 * At start: with the embedded database this is the only process, so every record left
 * `processing` was interrupted; with PostgreSQL another process may be working on a recent one,
 * so only those past PROCESSING_TIMEOUT_MS. Decision 0070.
 */
export const resumeProcessingAtStart = (db: Db, storage: MediaStorage, isOnlyProcess: boolean, now = new Date()) =>
  resumeInterruptedProcessing(db, storage, isOnlyProcess ? now : new Date(now.getTime() - PROCESSING_TIMEOUT_MS))

/**
 * The hourly tidy-up: uploads abandoned for a day, stored files nothing names any more, and
 * refusals nobody came back to read; processing interrupted over an hour ago is resumed. Answers
 * what it deleted.
 */
export async function tidyMedia(db: Db, storage: MediaStorage, now = new Date()) {
  const dayAgo = new Date(now.getTime() - ABANDONED_UPLOAD_MS)
  await resumeInterruptedProcessing(db, storage, new Date(now.getTime() - PROCESSING_TIMEOUT_MS))
  const abandonedUploads = await storage.deleteAbandonedUploads(now)
  const deletedMedia = await deleteUnreferencedMedia(db, storage, dayAgo, now)
  await forgetOldRefusals(db, dayAgo)
  return { abandonedUploads, deletedMedia }
}
