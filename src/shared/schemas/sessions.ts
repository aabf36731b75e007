import { z } from 'zod'

/** A session's opaque id (never its token), as `GET /api/profile/sessions` lists it. */
export const SessionIdParamSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid session id'),
})
