import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * In development the signing secret need not be configured: one is generated on the first
 * start and kept in DATA_DIR, so sessions survive a restart.
 */
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(dataDir, { recursive: true })
  // Written whole under a name of its own, then linked into place: the processes of a cluster
  // starting together on an empty DATA_DIR each read no file or the whole secret, the first link
  // wins, and every process uses the one that won.
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, randomBytes(32).toString('base64url'), { mode: 0o600 })
  try {
    fs.linkSync(temporary, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    fs.rmSync(temporary, { force: true })
  }
  return fs.readFileSync(file, 'utf8').trim()
}
