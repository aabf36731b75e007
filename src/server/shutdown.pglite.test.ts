import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort, startServer, type ServerProcess } from './test/server-process'

// The real server as production runs it: JSON log lines on stdout, and SIGTERM finishing the
// requests in flight (at most 10 s) before the process ends.

// Each data directory is noted before its server starts: a server that refuses to start leaves one too.
const started: { server?: ServerProcess; dataDir: string }[] = []

async function start(env: Record<string, string> = {}) {
  const run: (typeof started)[number] = { dataDir: await fs.mkdtemp(path.join(os.tmpdir(), 'sws-shutdown-')) }
  started.push(run)
  run.server = await startServer(run.dataDir, await freePort(), {
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    ...env,
  })
  return run.server
}

afterEach(async () => {
  for (const { server, dataDir } of started.splice(0)) {
    await server?.kill('SIGKILL')
    await fs.rm(dataDir, { recursive: true, force: true })
  }
})

/**
 * A sign-in whose headers the server has read (it answered "100 Continue") and whose body is
 * still to come: a request in flight, for as long as the test likes.
 */
function requestInFlight(url: string, body: string, agent?: http.Agent) {
  return new Promise<{ sendBody: () => Promise<{ status: number; body: string }> }>((resolve, reject) => {
    const request = http.request(new URL('/api/auth/sign-in/email', url), {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue', origin: url },
    })
    const answer = new Promise<{ status: number; body: string }>((done, fail) => {
      request.on('response', (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => done({ status: response.statusCode!, body: text }))
      })
      request.on('error', fail)
    })
    // The connection cut at the 10 s limit rejects this; only a test that sends the body awaits it.
    answer.catch(() => {})
    request.on('error', reject)
    request.on('continue', () =>
      resolve({
        sendBody: () => {
          request.end(body)
          return answer
        },
      }),
    )
    request.flushHeaders()
  })
}

/** A GET through `agent` (which may hand it a connection already open), with its answer. */
const get = (url: string, agent: http.Agent) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body: text }))
      })
      .on('error', reject)
  })

const waitForOutput = async (server: ServerProcess, text: string) => {
  const deadline = Date.now() + 20_000
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`"${text}" never came:\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the real server', () => {
  it('logs one JSON line per request, with the proxy’s request id, and never the body', async () => {
    const server = await start()
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-request-id': 'from-the-proxy-1' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Logged-Never-123' }),
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('x-request-id')).toBe('from-the-proxy-1')
    await waitForOutput(server, 'from-the-proxy-1')
    const lines = server.output().split('\n').filter((line) => line.startsWith('{'))
    const line = lines.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.requestId === 'from-the-proxy-1')
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'POST', route: '/api/auth/sign-in/email', status: 401 })
    expect(typeof line!.pid).toBe('number')
    expect(server.output()).not.toContain('Logged-Never-123')
  }, 120_000)

  it('on SIGTERM finishes a request in flight, takes no new one, and exits 0', async () => {
    const server = await start()
    const inFlight = await requestInFlight(server.url, JSON.stringify({ email: 'nobody@example.com', password: 'Not-the-password-1' }))
    const exited = server.kill('SIGTERM')
    await waitForOutput(server, 'SIGTERM received: finishing open requests, then stopping.')
    await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow()
    const answer = await inFlight.sendBody()
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.body).error.code).toBe('INVALID_CREDENTIALS')
    expect(await exited).toBe(0)
    expect(server.output()).toContain('Stopped.')
    expect(server.output()).not.toContain('still open after 10 s')
  }, 120_000)

  it('on SIGTERM answers readiness with 503 on a connection still open, while the request in flight finishes', async () => {
    const server = await start()
    // One kept-alive connection, as a proxy pools them: busy with a sign-in when SIGTERM comes,
    // then asked whether the process is ready.
    const proxy = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      expect((await get(`${server.url}/api/health/ready`, proxy)).status).toBe(200)
      const inFlight = await requestInFlight(server.url, JSON.stringify({ email: 'nobody@example.com', password: 'Not-the-password-2' }), proxy)
      const readiness = get(`${server.url}/api/health/ready`, proxy)
      const exited = server.kill('SIGTERM')
      await waitForOutput(server, 'SIGTERM received: finishing open requests, then stopping.')
      expect((await inFlight.sendBody()).status).toBe(401)
      const draining = await readiness
      expect(draining.status).toBe(503)
      expect(JSON.parse(draining.body).error).toEqual({ code: 'NOT_READY', message: 'The server is shutting down.' })
      proxy.destroy() // its idle connection would hold the stop back until Node's keep-alive timeout
      expect(await exited).toBe(0)
      expect(server.output()).not.toContain('still open after 10 s')
    } finally {
      proxy.destroy()
    }
  }, 120_000)

  it('on SIGTERM stops anyway when a request is still open after 10 s', async () => {
    const server = await start()
    await requestInFlight(server.url, JSON.stringify({ email: 'nobody@example.com', password: 'Never-sent-1' }))
    expect(await server.kill('SIGTERM')).toBe(0)
    expect(server.output()).toContain('Requests still open after 10 s; stopping anyway.')
  }, 120_000)

  it('refuses WEB_CONCURRENCY above 1 on the embedded database, saying why', { timeout: 120_000 }, async () => {
    const failure = await start({ WEB_CONCURRENCY: '2' }).catch((error: Error) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toContain('The server exited (1)')
    expect((failure as Error).message).toContain(
      'WEB_CONCURRENCY: more than one server process needs PostgreSQL (DATABASE_URL); the embedded database can be opened by one process only',
    )
  })
})
