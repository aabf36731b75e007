import { ApiError } from '../../lib/api-client'

export const NOT_AUTHENTICATED = 'Not authenticated'

/**
 * The toast for a failed admin action: the spec's message, followed by the server's reason when
 * it refused the request for one (a taken e-mail, the last admin). A lost session reads
 * 'Not authenticated' (spec §7).
 */
export function adminFailure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (error.status === 401) return NOT_AUTHENTICATED
  const isRefusal = error.status >= 400 && error.status < 500 && error.message !== fallback
  return isRefusal ? `${fallback}. ${error.message}` : fallback
}

/** Creating a user shows the server's own message when it refused (spec §8). */
export function createFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return NOT_AUTHENTICATED
    if (error.status >= 400 && error.status < 500) return error.message
  }
  return 'Failed to create user'
}
