import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startBackups } from '../backup/backup-service'
import { controlSocketPath, MAX_CONTROL_REQUEST_BYTES, requestBackup } from '../backup/control-socket'
import { openPglite } from '../db/client'
import { loadEnv } from '../env'

// The socket `npm run backup` asks a running server on the embedded database through: no other
// user of the machine may reach it at any moment, and it reads no more than a request needs.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-backup-socket-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const modeOf = (file: string) => fs.statSync(file).mode & 0o777

/** A raw POST to the control socket, as any local process could send it. */
const post = (socketPath: string, body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: '/backup', headers: { 'content-type': 'application/json' } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
    })
    request.on('error', reject)
    request.end(body)
  })

it('listens in a folder only its user may enter, made so before the socket exists, and refuses an oversized request', async () => {
  // A DATA_DIR others may list and enter, as a default umask leaves it.
  const dataDir = path.join(root, 'data')
  fs.mkdirSync(dataDir)
  fs.chmodSync(dataDir, 0o755)
  const database = await openPglite()
  const backups = await startBackups({ env: loadEnv({ DATA_DIR: dataDir }), database })
  try {
    const socketPath = controlSocketPath(dataDir)
    expect(fs.statSync(socketPath).isSocket()).toBe(true)
    // Whatever the socket's own mode was when listen() made it, no one else could reach it:
    // the folder holding it was 0700 before.
    expect(path.dirname(socketPath)).not.toBe(dataDir)
    expect(modeOf(path.dirname(socketPath))).toBe(0o700)
    expect(fs.statSync(path.dirname(socketPath)).uid).toBe(os.userInfo().uid)
    expect(modeOf(socketPath)).toBe(0o600)

    // A request is a path; one far larger is refused, and nothing is written.
    const output = path.join(root, 'oversized.tar.gz')
    const oversized = JSON.stringify({ output, padding: 'x'.repeat(8 * MAX_CONTROL_REQUEST_BYTES) })
    const refused = await post(socketPath, oversized)
    expect(refused.status).toBe(413)
    expect(JSON.parse(refused.body)).toEqual({ error: `The request is larger than ${MAX_CONTROL_REQUEST_BYTES} bytes.` })
    expect(fs.existsSync(output)).toBe(false)

    // The command line's own request still gets its backup.
    const asked = path.join(root, 'asked.tar.gz')
    await expect(requestBackup(dataDir, asked)).resolves.toMatchObject({ file: asked })
    expect(fs.existsSync(asked)).toBe(true)
  } finally {
    await backups.close()
    await database.close()
  }
}, 120_000)
