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

let destination: DestinationStream = pino.destination({ fd: 1, sync: true })

/**
 * The server's one logger: JSON lines on stdout (pretty in development). Every line carries the
 * process id, so the lines of `WEB_CONCURRENCY` processes can be told apart.
 */
export const logger = pino(
  {
    level: 'info',
    redact: { paths: SECRET_KEYS.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  { write: (line: string) => destination.write(line) },
)

/** Applies LOG_LEVEL, and in development prints readable lines (pino-pretty, a development dependency). */
export async function configureLogger({ level, pretty }: { level: LogLevel; pretty: boolean }): Promise<void> {
  logger.level = level
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
  destination = { write: (line: string) => void lines.push(line) }
  return lines
}
