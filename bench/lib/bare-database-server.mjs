// The floor for figures 1 and 2: node:http and the database driver, nothing else. It answers
// GET /api/progress and PUT /api/progress/:n with the very statements the portal sends (their
// text comes from the portal's modules, bench/lib/portal-statements.ts), over a pool as large as
// the portal's, with a Content-Length JSON answer. No framework, no validation, no logging, and
// the session token is taken from the cookie without checking its signature (HMAC).
// Started with `--import tsx`. DATABASE_URL: PostgreSQL through `pg`; else PGlite in this process
// in DATA_DIR (as the portal lays it out), where the session check's answer is kept in memory as
// the portal's coherent cache keeps it (decision 0061), so only the toggle reaches the database.
// BARE_DUTIES=<the portal's BETTER_AUTH_SECRET>: also what every answer of the portal must do, each
// by the portal's own code, and nothing else: the cookie's HMAC checked (no memory of checked
// values), the security headers and an X-Request-Id on the answer, the request's log line
// (decision 0042), a PUT's body checked to be `{ completed: boolean }`.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sessionCookieName, verifiedSignedValue } from '../../src/server/auth/better-auth-formats.ts'
import { readCookie } from '../../src/server/auth/session-cookie.ts'
import { newCertificateId } from '../../src/server/certificates/certificate.ts'
import { openPglite, POSTGRES_POOL_SIZE } from '../../src/server/db/client.ts'
import { loadEnv } from '../../src/server/env.ts'
import { securityHeaderValues } from '../../src/server/middleware/security-headers.ts'
import { requestLogger } from '../../src/server/observability/logger.ts'
import { portalStatements } from './portal-statements.ts'

const cookieName = sessionCookieName(true)
const dutiesSecret = process.env.BARE_DUTIES || undefined
const headers = dutiesSecret
  ? Object.entries(
      securityHeaderValues(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', BETTER_AUTH_SECRET: dutiesSecret, DATA_DIR: os.tmpdir() })),
    )
  : []

/** `query(statement, named, arrayMode)`: the rows, as the portal's drivers are asked for them. */
async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE || POSTGRES_POOL_SIZE) })
    return {
      label: 'PostgreSQL',
      query: async (statement, named, arrayMode) =>
        (await pool.query({ name: statement.name, text: statement.text, values: statement.values(named), ...(arrayMode ? { rowMode: 'array' } : {}) })).rows,
      close: () => pool.end(),
    }
  }
  const database = await openPglite(path.join(process.env.DATA_DIR, 'pglite'))
  return {
    label: 'PGlite',
    query: async (statement, named, arrayMode) =>
      (await database.pglite.query(statement.text, statement.values(named), arrayMode ? { rowMode: 'array' } : {})).rows,
    close: () => database.close(),
  }
}

const database = await openDatabase()
/** PGlite only: token → session row, never dropped (nothing else writes sessions here). */
const sessions = database.label === 'PGlite' ? new Map() : undefined

async function lookUpSession(token) {
  const cached = sessions?.get(token)
  if (cached) return cached
  const [row] = await database.query(portalStatements.sessionLookup, { token }, true)
  if (row) sessions?.set(token, row)
  return row
}

/** The token before the signature: checked with BARE_DUTIES, else unchecked. */
function sessionToken(request) {
  const raw = readCookie(request.headers.cookie, cookieName)
  if (!raw) return undefined
  if (dutiesSecret) return verifiedSignedValue(raw, dutiesSecret)
  const value = decodeURIComponent(raw)
  return value.slice(0, value.lastIndexOf('.'))
}

function send(response, status, value) {
  const body = JSON.stringify(value)
  if (dutiesSecret) {
    for (const [name, header] of headers) response.setHeader(name, header)
    response.setHeader('X-Request-Id', response.req.requestId)
    const durationMs = Math.round((performance.now() - response.req.startedAt) * 10) / 10
    requestLogger.info({ requestId: response.req.requestId, method: response.req.method, route: response.req.route, status, durationMs }, 'request')
  }
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  response.end(body)
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

async function answer(request, response) {
  if (dutiesSecret) Object.assign(request, { requestId: randomUUID(), startedAt: performance.now(), route: request.method === 'GET' ? '/api/progress' : '/api/progress/:module' })
  const token = sessionToken(request)
  if (!token) return send(response, 401, { error: 'no session' })
  if (request.method === 'GET' && request.url === '/api/progress') {
    const [row] = await database.query(portalStatements.sessionLookupWithProgress, { token }, true)
    if (!row) return send(response, 401, { error: 'no session' })
    return send(response, 200, { modules: row[8] })
  }
  const moduleNumber = request.method === 'PUT' && /^\/api\/progress\/(\d+)$/.exec(request.url)?.[1]
  if (moduleNumber) {
    const { completed } = JSON.parse(await readBody(request))
    if (dutiesSecret && typeof completed !== 'boolean') return send(response, 400, { error: 'completed must be true or false' })
    const toggle = { isCompleted: completed, moduleId: `m${moduleNumber}`, now: new Date(), certificateId: newCertificateId() }
    if (database.label === 'PostgreSQL') {
      // The session check and the toggle in one call, as the portal sends it there.
      const [row] = await database.query(portalStatements.postgresToggleInSession, { token, ...toggle }, true)
      if (!row) return send(response, 401, { error: 'no session' })
      return send(response, 200, { modules: row[8] })
    }
    const learner = await lookUpSession(token)
    if (!learner) return send(response, 401, { error: 'no session' })
    const statement = completed ? portalStatements.pgliteComplete : portalStatements.pgliteUncomplete
    const rows = await database.query(statement, { ...toggle, userId: learner[2], recipientName: learner[4] })
    return send(response, 200, { modules: rows })
  }
  send(response, 404, { error: 'not found' })
}

const server = http.createServer((request, response) => {
  answer(request, response).catch((error) => send(response, 500, { error: String(error) }))
})
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`Bare ${database.label} server ready at http://127.0.0.1:${server.address().port}`)
})
process.on('SIGTERM', () => {
  server.close(() => void database.close().then(() => process.exit(0)))
  server.closeAllConnections()
})
