import { Hono } from 'hono'
import { z } from 'zod'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import { sendFile } from '../media/send-file'
import { storageFault } from '../media/storage-faults'
import { publishedMediaIds, publishedMediaModules } from '../media/published-media'
import { moduleLockedError, moduleLockFor } from '../services/module-schedule'
import { readServableMedia } from '../services/media'
import { nodeResponse, requestHeader } from '../node-http'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

const MediaParamSchema = z.object({ id: z.uuid('Not a media id') })

/** How long an S3 presigned address for a lesson's media works. */
export const PRESIGNED_SECONDS = 600

/** How long a ready file's record is reused without asking the database again. */
const RECORD_CACHE_MS = 60_000
const RECORD_CACHE_ENTRIES = 1000

type ServableMedia = NonNullable<Awaited<ReturnType<typeof readServableMedia>>>

/**
 * Ready media records, reused for a minute: a player asks for a video in dozens of ranges, and a
 * ready record never changes (its files are written before it is marked ready); it is only
 * deleted, and then its stored file is gone too, which the stat of every request sees.
 * Decision 0071.
 */
function createRecordCache(db: AppDeps['db']) {
  const entries = new Map<string, { row: ServableMedia; until: number }>()
  return async (id: string): Promise<ServableMedia | undefined> => {
    const now = Date.now()
    const cached = entries.get(id)
    if (cached && cached.until > now) return cached.row
    const row = await readServableMedia(db, id)
    entries.delete(id)
    if (!row) return undefined
    // The oldest entry goes first (a Map keeps insertion order).
    if (entries.size >= RECORD_CACHE_ENTRIES) entries.delete(entries.keys().next().value!)
    entries.set(id, { row, until: now + RECORD_CACHE_MS })
    return row
  }
}

/**
 * Lesson media for signed-in learners and admins (docs/decisions/0054-video-uploads-and-storage.md).
 * A learner gets only the files the published course names; an admin any (drafts and previews).
 * Anything else is not found. Hono answers HEAD with this GET handler, without the body. Local files are streamed here with range support; S3 answers with a
 * short-lived presigned redirect.
 */
export function createMediaRoutes({ db, guards, courseStore, mediaStorage }: AppDeps): ApiRoutes {
  const readRecord = createRecordCache(db)
  const routes = new Hono<AuthedEnv>().use(guards.requireUser).get('/:id', validate('param', MediaParamSchema), async (c) => {
    const { id } = c.req.valid('param')
    const user = c.var.user
    const isAdmin = user.role === 'admin' && !guards.mustSetUpTwoFactor(user)
    const course = courseStore.current()
    const schedule = courseStore.schedule()
    if (!isAdmin && schedule.mode !== 'all') {
      // A lesson's video is its module's content: sent only when one of the modules naming it is open (decision 0090).
      const locks = await Promise.all((publishedMediaModules(course).get(id) ?? []).map((moduleId) => moduleLockFor(db, course, schedule, user.id, moduleId)))
      const lock = locks.length > 0 && locks.every(Boolean) ? locks[0] : null
      if (lock) throw moduleLockedError(lock)
    }
    const row = isAdmin || publishedMediaIds(course).has(id) ? await readRecord(id) : undefined
    // S3 down: a 503 that says so, not a 500 (docs/operations.md, "Faults the portal survives").
    const stored = row && (await mediaStorage.stat(id).catch((error: unknown) => Promise.reject(storageFault(error) ?? error)))
    if (!row || !stored) throw new AppError('NOT_FOUND', 'This video or file is not available.')
    // A poster never changes under its id; videos and captions are checked on each use.
    const cacheControl = row.kind === 'poster' ? 'private, max-age=31536000, immutable' : 'private, no-cache'
    if (mediaStorage.presignedUrl) {
      c.header('Cache-Control', 'no-store')
      return c.redirect(await mediaStorage.presignedUrl(id, PRESIGNED_SECONDS, row.contentType), 302)
    }
    // The file is written straight into Node's response, past Hono: a cookie the guard set on
    // Hono's answer goes there by hand (the request id and security headers are on it already).
    const response = nodeResponse(c)
    const cookie = c.get('refreshedSessionCookie')
    if (response && cookie) response.appendHeader('Set-Cookie', cookie)
    return sendFile(
      {
        ...stored,
        path: mediaStorage.filePath!(id),
        contentType: row.contentType,
        etag: `"${id}-${stored.bytes.toString(36)}-${stored.modifiedAt.getTime().toString(36)}"`,
        cacheControl,
      },
      {
        method: c.req.method,
        range: requestHeader(c, 'range'),
        ifRange: requestHeader(c, 'if-range'),
        ifNoneMatch: requestHeader(c, 'if-none-match'),
      },
      response,
    )
  })
  return { path: '/api/media', routes }
}
