import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { z } from 'zod'
import { AppError } from '../errors'
import type { BackupSummary } from './create-backup'

/**
 * How `npm run backup` reaches a running server on the embedded database, which alone may open
 * it: a Unix socket in DATA_DIR, so only who can read DATA_DIR's files can ask
 * (docs/decisions/0045-backups-of-the-embedded-database.md).
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock')

const MAX_SOCKET_PATH_BYTES = 107

const RequestSchema = z.object({ output: z.string().refine((output) => path.isAbsolute(output), 'must be an absolute path') })

const answer = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/** Called by the process that holds the data directory's lock: a socket file left there is stale. */
export async function listenForBackupRequests(dataDir: string, backup: (output: string) => Promise<BackupSummary>) {
  const socketPath = controlSocketPath(dataDir)
  // Linux keeps 107 bytes of a socket's path, and Node cuts a longer one silently.
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) throw new Error('the path is too long for a Unix socket; use a shorter DATA_DIR')
  await fs.promises.rm(socketPath, { force: true })
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') return answer(response, 404, { error: 'Not found' })
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      let parsed
      try {
        parsed = RequestSchema.safeParse(JSON.parse(body))
      } catch {
        parsed = undefined
      }
      if (!parsed?.success) return answer(response, 400, { error: 'Expected {"output": "/absolute/path"}' })
      backup(parsed.data.output).then(
        (summary) => answer(response, 200, summary),
        (error: unknown) => answer(response, 500, { error: (error as Error).message }),
      )
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  await fs.promises.chmod(socketPath, 0o600)
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Asks the running server to write a backup to `output` (absolute) and waits for it. */
export function requestBackup(dataDir: string, output: string): Promise<BackupSummary> {
  const socketPath = controlSocketPath(dataDir)
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: '/backup', headers: { 'content-type': 'application/json' } }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => {
        try {
          const parsed = JSON.parse(body) as BackupSummary & { error?: string }
          if (response.statusCode === 200) resolve(parsed)
          else reject(new AppError('INTERNAL', `The server could not write the backup: ${parsed.error ?? body}`))
        } catch {
          reject(new AppError('INTERNAL', `The server gave an unreadable answer: ${body}`))
        }
      })
    })
    request.on('error', (error) => {
      reject(
        new AppError(
          'CONFLICT',
          `The server running on ${dataDir} does not answer on ${socketPath} (${error.message}). ` +
            'Restart it with this version of the portal, or stop it and run the backup again.',
        ),
      )
    })
    request.end(JSON.stringify({ output }))
  })
}
