import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isDatabaseUnavailable } from './db/unavailable'
import { isStorageFull } from './media/disk-full'
import { logger } from './observability/logger'
import type { ApiErrorBody, ApiErrorChange, ApiErrorIssue } from '../shared/api-types'
import type { ModuleLock } from '../shared/course/schedule'

const statusByCode = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_TOKEN: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_CODE: 401,
  SIGN_IN_EXPIRED: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  TWO_FACTOR_REQUIRED: 403,
  TEMPORARY_PASSWORD_EXPIRED: 403,
  ACCOUNT_DISABLED: 403,
  MODULE_LOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  WATCH_REQUIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_READY: 503,
  INSUFFICIENT_STORAGE: 507,
} as const satisfies Record<string, ContentfulStatusCode>

export type ErrorCode = keyof typeof statusByCode

/** An error a client can act on: it becomes `{ error: { code, message } }` with its status. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiErrorIssue[],
    /** A stale save's 409: who changed the record since, and when; a locked module's 403: why. */
    readonly change?: ApiErrorChange | ModuleLock,
  ) {
    super(message)
    this.name = 'AppError'
    this.status = statusByCode[code]
  }

  /**
   * The one error body every API route answers with (docs/decisions/0021-one-error-shape.md),
   * with the request's id, which its log line carries too.
   */
  toBody(requestId?: string): ApiErrorBody<ErrorCode> {
    return {
      error: { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}), ...this.change },
      ...(requestId ? { requestId } : {}),
    }
  }
}

export const errorCodeForStatus = (status: number): ErrorCode =>
  (Object.entries(statusByCode).find(([, value]) => value === status)?.[0] as ErrorCode | undefined) ??
  (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST')

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.'

/** Every thrown error becomes the one error shape; anything unexpected is logged, never shown. */
export function handleError(error: Error, c: Context): Response {
  const requestId = c.get('requestId')
  if (error instanceof AppError) return c.json(error.toBody(requestId), error.status)
  if (error instanceof HTTPException && error.status < 500) {
    const appError = new AppError(errorCodeForStatus(error.status), error.message || 'Bad request')
    return c.json(appError.toBody(requestId), error.status)
  }
  // The route pattern, not the path: a path can carry a token. The id ties it to the answer.
  if (isDatabaseUnavailable(error)) {
    // Down, restarting or failing over: the pool reconnects by itself once it is back, so the
    // client is told to try again, in the one error body (docs/operations.md, "Faults the portal survives").
    logger.warn({ err: error, requestId, method: c.req.method, route: routePath(c) }, 'database unreachable')
    return c.json(new AppError('NOT_READY', DATABASE_UNAVAILABLE_MESSAGE).toBody(requestId), 503)
  }
  if (isStorageFull(error)) {
    logger.error({ err: error, requestId, method: c.req.method, route: routePath(c) }, 'no space left on the disk')
    return c.json(new AppError('INSUFFICIENT_STORAGE', 'The server has run out of storage space. Please try again later.').toBody(requestId), 507)
  }
  logger.error({ err: error, requestId, method: c.req.method, route: routePath(c) }, 'unexpected error')
  return c.json(new AppError('INTERNAL', 'Something went wrong on our side. Please try again.').toBody(requestId), 500)
}
