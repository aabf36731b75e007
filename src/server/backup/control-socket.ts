import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { z } from 'zod'
import { AppError } from '../errors'
import type { BackupSummary } from './create-backup'

/**
 * How `npm run backup` reaches a running server on the embedded database, which alone may open
 * it: a Unix socket in a folder of DATA_DIR that only the server's user may enter, so only who can
 * read DATA_DIR's files can ask (docs/decisions/0045-backups-of-the-embedded-database.md). The
 * folder is made 0700 before the socket exists: the socket is never reachable with the process
 * umask's mode, not even between its creation and its chmod.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control', 'backup.sock')

const MAX_SOCKET_PATH_BYTES = 107

/** A request is `{"output": "/absolute/path"}`: a path is at most 4096 bytes on Linux, and more is refused unread. */
export const MAX_CONTROL_REQUEST_BYTES = 8 * 1024

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
  const controlDir = path.dirname(socketPath)
  await fs.promises.mkdir(controlDir, { recursive: true, mode: 0o700 })
  // mkdir leaves a folder that was there as it was, and its mode is cut by the umask: set it.
  await fs.promises.chmod(controlDir, 0o700)
  await fs.promises.rm(socketPath, { force: true })
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') return answer(response, 404, { error: 'Not found' })
    let body = ''
    let isTooLarge = false
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      if (isTooLarge) return
      body += chunk
      if (Buffer.byteLength(body) <= MAX_CONTROL_REQUEST_BYTES) return
      isTooLarge = true
      body = ''
      response.setHeader('connection', 'close')
      answer(response, 413, { error: `The request is larger than ${MAX_CONTROL_REQUEST_BYTES} bytes.` })
    })
    request.on('end', () => {
      if (isTooLarge) return
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
