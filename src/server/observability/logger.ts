import { DrizzleQueryError } from 'drizzle-orm/errors'
import { pino, type DestinationStream } from 'pino'
import type { LogLevel } from '../env'

/**
 * Values that must never reach a log line, wherever a caller put them in a logged object. The
 * first defence is that nothing logs a body, a header or a URL with its query
 * (docs/decisions/0042-structured-logs-and-request-ids.md); this is the second.
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'temporaryPassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  'recoveryCodes',
  'backupCodes',
  'totpUri',
  'headers',
  'body',
  // A failed query's values (Drizzle puts them on its error): they can be a password hash or a token.
  'params',
]

/** An error the database sent (PostgreSQL's through `pg`, or PGlite's): a severity and an SQLSTATE code. */
type DatabaseError = Error & { severity: string; code: string; detail?: string; where?: string }
const isDatabaseError = (error: Error): error is DatabaseError =>
  typeof (error as Partial<DatabaseError>).severity === 'string' && typeof (error as Partial<DatabaseError>).code === 'string'

/**
 * The database's own text without the values it quotes: a message ends with the value it could not
 * read (`invalid input syntax for type uuid: "…"`) or starts with one out of range (`value "…" is
 * out of range for type integer`), while the names it quotes inside (`relation "…"`) are the
 * schema's; a detail names the key and its values (`Key (email)=(…) already exists.`) or shows the
 * row, and only the key's columns are kept.
 */
const messageWithoutValues = (message: string) =>
  message.replace(/: ".*"$/s, ': [redacted]').replace(/^value ".*" is out of range/s, 'value [redacted] is out of range')
const detailWithoutValues = (detail: string) => /^Key \([^)]*\)=/.exec(detail)?.[0].concat('([redacted])') ?? '[redacted]'

/**
 * A logged error as pino's own serializer writes it, except that the values a failed query was
 * sent are left out: Drizzle writes them into its message and stack as well as in `params` (a
 * session check that fails would log the session's token), and the database quotes them in its
 * message, its detail and its context.
 */
function errorWithoutQueryValues(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error)
  const redact = (text: string, redacted: string) => {
    serialized.message = serialized.message.replaceAll(text, redacted)
    serialized.stack = serialized.stack.replaceAll(text, redacted)
  }
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DrizzleQueryError) redact(cause.message, `Failed query: ${cause.query}\nparams: [redacted]`)
    if (!isDatabaseError(cause)) continue
    redact(cause.message, messageWithoutValues(cause.message))
    // Only the error itself is serialized field by field; a cause is in the message and stack.
    if (cause !== error) continue
    if (typeof serialized.detail === 'string') serialized.detail = detailWithoutValues(serialized.detail)
    if (typeof serialized.where === 'string') serialized.where = messageWithoutValues(serialized.where)
  }
  return serialized
}

/**
 * Log lines, one write per turn of the event loop: the lines logged while the process handles what
 * one wake-up brought (under load, many requests) leave together, and a quiet server's line leaves
 * at the end of its turn, as before. `flush` writes what is pending at once
 * (docs/decisions/0072-log-lines-one-write-per-turn.md).
 */
export function oneWritePerTurn(write: (text: string) => void): DestinationStream & { flush: () => void } {
  let pending: string[] = []
  const flush = () => {
    if (pending.length === 0) return
    const text = pending.join('')
    pending = []
    write(text)
  }
  return {
    write(line: string) {
      if (pending.push(line) === 1) setImmediate(flush)
    },
    flush,
  }
}

/** Stdout, written synchronously, so what was logged before the process exits is out when it ends. */
function batchedStdout(): DestinationStream {
  const stdout = pino.destination({ fd: 1, sync: true })
  const batched = oneWritePerTurn((text) => stdout.write(text))
  process.on('exit', batched.flush)
  return batched
}

let destination: DestinationStream = batchedStdout()

const options = { level: 'info', timestamp: pino.stdTimeFunctions.isoTime }
const stream = { write: (line: string) => destination.write(line) }

/**
 * The server's one logger: JSON lines on stdout (pretty in development). Every line carries the
 * process id, so the lines of `WEB_CONCURRENCY` processes can be told apart.
 */
export const logger = pino(
  {
    ...options,
    redact: { paths: SECRET_KEYS.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
    serializers: { err: errorWithoutQueryValues },
  },
  stream,
)

/**
 * The request log's line (observability/request-log.ts), into the same stream at the same level.
 * Its fields are fixed (id, method, route pattern, status, duration) and none is a secret, so it
 * skips the redaction every other line goes through, a measurable share of a cheap request
 * (docs/decisions/0072-log-lines-one-write-per-turn.md).
 */
export const requestLogger = pino(options, stream)

/** Applies LOG_LEVEL, and in development prints readable lines (pino-pretty, a development dependency). */
export async function configureLogger({ level, pretty }: { level: LogLevel; pretty: boolean }): Promise<void> {
  logger.level = level
  requestLogger.level = level
  if (!pretty) return
  try {
    const { default: prettyStream } = await import('pino-pretty')
    destination = prettyStream({ colorize: process.stdout.isTTY, sync: true, ignore: 'hostname' })
  } catch {
    // Installed without development dependencies: JSON lines, as in production.
  }
}

let captured: string[] | undefined

/**
 * Tests: every line from here on, at every level, goes into the returned list instead of stdout
 * (the same list on every call), where the harness looks for secrets (src/server/test/log-scan.ts).
 */
export function captureLogs(): string[] {
  if (captured) return captured
  const lines: string[] = []
  captured = lines
  logger.level = 'trace'
  requestLogger.level = 'trace'
  destination = { write: (line: string) => void lines.push(line) }
  return lines
}
