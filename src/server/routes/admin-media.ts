import { Hono } from 'hono'
import { z } from 'zod'
import { MEDIA_UPLOAD_PATH } from '../../shared/media'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { createMediaUploads } from '../media/uploads'
import { readUploadOutcome } from '../services/media'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

const UploadParamSchema = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Not an upload id') })

/**
 * Admins' uploads, over the tus protocol (docs/decisions/0054-video-uploads-and-storage.md): tus
 * answers every method on the path itself once the admin guard has passed, and limits the body by
 * MEDIA_MAX_BYTES; `GET …/:uploadId/media` says what a finished upload became.
 */
export function createAdminMediaRoutes({ db, guards, env, mediaStorage }: AppDeps): ApiRoutes {
  const uploads = createMediaUploads({ db, storage: mediaStorage, maxBytes: env.mediaMaxBytes })
  const tus = (c: { req: { raw: Request } }) => uploads.handle(c.req.raw)
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/:uploadId/media', validate('param', UploadParamSchema), async (c) => {
      const outcome = await readUploadOutcome(db, c.req.valid('param').uploadId)
      c.header('Cache-Control', 'no-store')
      return outcome.status === 'ready' ? c.json(outcome.media) : c.json(outcome, 202)
    })
    .all('/', tus)
    .all('/:uploadId', tus)
  return { path: MEDIA_UPLOAD_PATH, routes, limitsOwnBody: true }
}
