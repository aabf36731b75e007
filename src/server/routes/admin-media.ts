import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { MEDIA_UPLOAD_PATH } from '../../shared/media'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { AppError, errorCodeForStatus } from '../errors'
import { createMediaUploads } from '../media/uploads'
import { readUploadOutcome } from '../services/media'
import { validate } from '../validation'
import type { ApiRoutes } from './api-routes'

const UploadParamSchema = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Not an upload id') })

/** The one error body a refusal of ours carries, if the text is one. */
function ownError(text: string): { error: { code: string; message: string } } | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }
    return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string' ? (parsed as { error: { code: string; message: string } }) : undefined
  } catch {
    return undefined
  }
}

/**
 * tus answers its own refusals (an unknown upload, a wrong offset…) in plain text: they keep their
 * status and headers, which the protocol's client reads, and get the one error body, whose message
 * the editor shows (docs/decisions/0021-one-error-shape.md).
 */
async function tusAnswer(response: Response, requestId: string | undefined): Promise<Response> {
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false
  if (response.status < 400 || isJson) return response
  const text = (await response.text()).trim()
  const headers = new Headers(response.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  // Our own refusals (media/uploads.ts) reach here as text already in the one error shape.
  const own = ownError(text)
  // Its own words for a refusal; never for a fault on our side.
  const message = response.status >= 500 ? 'Something went wrong on our side. Please try again.' : text || 'The upload was refused.'
  const body = own ? { ...own, requestId } : new AppError(errorCodeForStatus(response.status), message).toBody(requestId)
  return new Response(JSON.stringify(body), { status: response.status, headers })
}

/**
 * Admins' uploads, over the tus protocol (docs/decisions/0054-video-uploads-and-storage.md): tus
 * answers every method on the path itself once the admin guard has passed, and limits the body by
 * MEDIA_MAX_BYTES; `GET …/:uploadId/media` says what a finished upload became.
 */
export function createAdminMediaRoutes({ db, guards, env, mediaStorage }: AppDeps): ApiRoutes {
  const uploads = createMediaUploads({ db, storage: mediaStorage, maxBytes: env.mediaMaxBytes })
  const tus = async (c: Context<AuthedEnv>) => tusAnswer(await uploads.handle(c.req.raw), c.get('requestId'))
  const routes = new Hono<AuthedEnv>()
    .use(guards.requireAdmin)
    .get('/:uploadId/media', validate('param', UploadParamSchema), async (c) => {
      const outcome = await readUploadOutcome(db, c.req.valid('param').uploadId)
      c.header('Cache-Control', 'no-store')
      return outcome.status === 'ready' ? c.json(outcome.media) : c.json(outcome, 202)
    })
    .all('/', tus)
    // Checked before tus sees it: its file store decodes the segment (`..%2F` becomes `../`).
    .all('/:uploadId', validate('param', UploadParamSchema), tus)
  return { path: MEDIA_UPLOAD_PATH, routes, limitsOwnBody: true }
}
