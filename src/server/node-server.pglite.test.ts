import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServer, type ServerProcess } from './test/server-process'

/**
 * What only the real Node server shows: the body limit reads Node's own Content-Length and
 * Transfer-Encoding (in-process requests carry neither), and answers carry the security headers.
 */

let server: ServerProcess
let dataDir: string

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sws-node-server-'))
  server = await startServer(dataDir, await freePort())
}, 150_000)

afterAll(async () => {
  await server?.kill()
  await fs.rm(dataDir, { recursive: true, force: true })
})

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

/** A POST of `body`, with its Content-Length declared or sent chunked. */
function post(url: string, body: string, framing: 'content-length' | 'chunked'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(url, server.url),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(framing === 'content-length' ? { 'content-length': Buffer.byteLength(body) } : { 'transfer-encoding': 'chunked' }),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }))
      },
    )
    request.on('error', reject)
    if (framing === 'chunked') {
      // Several chunks, so the server cannot know the size before it reads them.
      for (let at = 0; at < body.length; at += 16 * 1024) request.write(body.slice(at, at + 16 * 1024))
      request.end()
    } else request.end(body)
  })
}

const signInBody = (password: string) => JSON.stringify({ email: 'nobody@example.com', password })

describe('the body limit on the real server', () => {
  for (const framing of ['content-length', 'chunked'] as const) {
    it(`refuses a body over 100 KB sent with ${framing} with 413, and reads one under it`, async () => {
      const over = await post('/api/auth/sign-in/email', signInBody('x'.repeat(101 * 1024)), framing)
      expect(over.status).toBe(413)
      expect(JSON.parse(over.body).error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 KB.' })
      const under = await post('/api/auth/sign-in/email', signInBody('Not-the-password-1'), framing)
      expect(under.status).toBe(401)
    })
  }
})

describe('headers on the real server', () => {
  it('carries the security headers on an API answer and on an error', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const response = await fetch(new URL(url, server.url))
      expect(response.headers.get('content-security-policy'), url).toContain("default-src 'self'")
      expect(response.headers.get('x-frame-options'), url).toBe('DENY')
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
    }
  })

  it('gives each answer a request id, keeps a proxy’s plain one and replaces any other, the error body naming the same id', async () => {
    const fresh = await fetch(new URL('/api/no-such-route', server.url))
    const id = fresh.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect((await fresh.json()).requestId).toBe(id)
    const health = await fetch(new URL('/api/health', server.url))
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(health.headers.get('x-request-id')).not.toBe(id)
    const kept = await fetch(new URL('/api/no-such-route', server.url), { headers: { 'x-request-id': 'edge-7f3a_91==' } })
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a_91==')
    expect((await kept.json()).requestId).toBe('edge-7f3a_91==')
    for (const bad of ['a'.repeat(129), 'has space', '../etc']) {
      const replaced = await fetch(new URL('/api/no-such-route', server.url), { headers: { 'x-request-id': bad } })
      expect(replaced.headers.get('x-request-id'), bad).toMatch(/^[0-9a-f-]{36}$/)
      expect((await replaced.json()).requestId, bad).toBe(replaced.headers.get('x-request-id'))
    }
  })
})
