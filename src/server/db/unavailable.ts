/**
 * PostgreSQL's SQLSTATEs for "not now": class 08 (connection exceptions) and 57P01–57P03 (the
 * server is shutting down, was restarted, or is starting up and cannot take a connection yet).
 */
const unavailableState = /^(08...|57P0[123])$/
/** The socket errors of a server that is down or went away mid-request. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

/**
 * Whether an error, or one it wraps, is a socket error of a server that cannot be reached: what
 * the database's driver and the S3 client both throw when their server is down.
 */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && socketCodes.has(code)) return true
    // An AggregateError (a connection tried on IPv4 and IPv6) holds the socket errors in `errors`.
    const inner = (current as { errors?: unknown[] }).errors
    if (Array.isArray(inner) && inner.some((item) => isConnectionError(item))) return true
    current = current.cause
  }
  return false
}
/** node-postgres's own words for a connection lost under a query or a checkout. */
const lostConnection = /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed/i

/**
 * Whether an error means the database cannot be reached right now (down, restarting, failing
 * over), as opposed to a fault of the query: the request may succeed once it is back, so it is
 * answered 503, not 500. Follows the causes Drizzle and Better Auth wrap the driver's error in.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionError(error)) return true
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && unavailableState.test(code)) return true
    if (lostConnection.test(current.message)) return true
    current = current.cause
  }
  return false
}
