import { ApiError } from './api-client'

export const NOT_AUTHENTICATED = 'Not authenticated'

/**
 * The toast for a failed admin action: the message of docs/spec.md §8, followed by the server's
 * reason when it refused the request for one (a taken e-mail, the last admin). A lost session
 * reads 'Not authenticated' (docs/spec.md §7).
 */
export function adminFailure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (error.status === 401) return NOT_AUTHENTICATED
  const isRefusal = error.status >= 400 && error.status < 500 && error.message !== fallback
  return isRefusal ? `${fallback}. ${error.message}` : fallback
}
