import type { ApiErrorBody, ApiErrorChange, ApiErrorIssue } from '../../shared/api-types'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiErrorIssue[] = [],
    /** A stale save's 409: who saved the newer version, and when. */
    readonly change?: ApiErrorChange,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** A body sent as it is (a CSV file), instead of JSON. */
  text?: { content: string; contentType: string }
  signal?: AbortSignal
}

/** JSON in (or text), JSON out; any failure becomes an ApiError carrying the server's message. */
export async function api<T>(path: string, { method = 'GET', body, text, signal }: RequestOptions = {}): Promise<T> {
  let response: Response
  const headers: Record<string, string> = { accept: 'application/json' }
  if (text) headers['content-type'] = text.contentType
  else if (body !== undefined) headers['content-type'] = 'application/json'
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: text ? text.content : body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.')
  }
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = (data as ApiErrorBody | undefined)?.error
    throw new ApiError(
      response.status,
      error?.code ?? 'UNKNOWN',
      error?.message ?? `The server answered ${response.status}.`,
      error?.issues,
      error?.changedBy !== undefined && error.changedAt !== undefined
        ? { changedBy: error.changedBy, changedAt: error.changedAt }
        : undefined,
    )
  }
  return data as T
}

export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? error.message : fallback
