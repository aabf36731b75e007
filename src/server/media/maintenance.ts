import type { Db } from '../db/client'
import { deleteUnreferencedMedia, forgetOldRefusals } from '../services/media'
import { ABANDONED_UPLOAD_MS, type MediaStorage } from './storage'

/**
 * The hourly tidy-up: uploads abandoned for a day, stored files nothing names any more, and
 * refusals nobody came back to read. Answers what it deleted.
 */
export async function tidyMedia(db: Db, storage: MediaStorage, now = new Date()) {
  const dayAgo = new Date(now.getTime() - ABANDONED_UPLOAD_MS)
  const abandonedUploads = await storage.deleteAbandonedUploads(now)
  const deletedMedia = await deleteUnreferencedMedia(db, storage, dayAgo, now)
  await forgetOldRefusals(db, dayAgo)
  return { abandonedUploads, deletedMedia }
}

/** Runs `tidyMedia` every hour; the returned function stops it. */
export function scheduleMediaTidying(db: Db, storage: MediaStorage): () => void {
  const timer = setInterval(() => {
    tidyMedia(db, storage).catch((error: unknown) => console.error('[media] tidying failed:', error))
  }, 3600 * 1000)
  timer.unref()
  return () => clearInterval(timer)
}
