import { captureLogs } from '../observability/logger'
import { SecretRegistry } from './log-scan'

/**
 * Every log line of this test file, at every level, kept instead of printed; and every secret its
 * requests, answers, e-mails and database held. Closing a harness fails if one is in a line.
 */
export const logLines = captureLogs()
export const secrets = new SecretRegistry()
