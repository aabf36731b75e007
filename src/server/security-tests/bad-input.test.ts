import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Course } from '../../shared/course/schema'
import seededCourse from '../course/fixtures/course-as-of-2026-11.json'
import { MAX_BODY_BYTES } from '../middleware/body-limit'
import { ADMIN_IMPORTS_PATH } from '../routes/admin-imports'
import { PURCHASE_WEBHOOK_PATH } from '../routes/purchase-webhook'
import { signDelivery } from '../services/webhook-signature'
import { snapshotDb, type DbSnapshot } from '../test/db-snapshot'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import {
  contentType,
  hostileCsv,
  hostileJsonBody,
  hostileParam,
  hostileQueryValue,
  hostileValue,
  QUERY_KEYS,
} from '../test/hostile-input'

/**
 * Suite 7 of docs/security.md: hostile input against every API route, read from the app's own route
 * list, sent as the caller who gets past the route's guard, so the validation itself is what
 * answers. Whatever is sent: a 4xx in the one error shape, never a 5xx, and not one row added,
 * changed or removed.
 */

const SECRET = 'whsec-bad-input-0123456789abcdef0123456789'
/** Sign-in and reset attempts are counted there by design; every other table must stay as it was. */
const COUNTERS = ['rate_limit']

type Endpoint = { method: string; path: string; key: string }
type Caller = 'anonymous' | 'learner' | 'admin' | 'marketplace'

/** Routes that take no input at all: whatever body or query they are sent is ignored. */
const TAKES_NO_INPUT = new Set([
  'POST /api/auth/sign-out',
  'DELETE /api/progress',
  'POST /api/admin/course/modules/:moduleId/restore',
  'POST /api/admin/course/versions/:version/restore',
  'POST /api/admin/emails/learners/:id/reminder',
  'POST /api/certificate/renew',
  'POST /api/admin/users/:id/course-reset',
])

/** A module as the seed has it, without its id: a valid body for the course editor's routes. */
const { id: _seededId, ...seededModule } = (seededCourse as Course).modules[1]!
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

/**
 * A valid body for each route that reads one: the "one bad field" property spoils one field of it
 * at a time. A JSON route missing here fails the suite, so a new route gets a row.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/sign-in/email': { email: 'someone@example.com', password: 'Correct-horse-9' },
  'POST /api/auth/request-password-reset': { email: 'someone@example.com' },
  'POST /api/auth/reset-password': { token: 'abcdefghijklmnop', newPassword: 'Correct-horse-9' },
  'POST /api/auth/two-factor/verify-totp': { code: '123456', trustDevice: false },
  'POST /api/auth/two-factor/verify-recovery-code': { code: 'abcde-12345', trustDevice: false },
  'POST /api/auth/two-factor/enable': { password: 'not-the-current-one' },
  'POST /api/auth/two-factor/confirm': { code: '123456' },
  'POST /api/auth/two-factor/disable': { password: 'not-the-current-one' },
  'POST /api/auth/two-factor/recovery-codes': { password: 'not-the-current-one' },
  'PUT /api/profile/password': { currentPassword: 'not-the-current-one', newPassword: 'Another-horse-9' },
  'PUT /api/progress/:module': { completed: true },
  // Version 1 is not the live one: a valid body, refused with 409 after validation, recording nothing.
  'POST /api/knowledge-checks/:moduleId/attempts': { version: 1, answers: [{ questionId: 'q1', optionIds: ['a'] }] },
  // Module 2 of the seed has no video: a report that passes validation is refused with 404.
  'PUT /api/watch/:moduleId/:lessonId': { positionSeconds: 12, durationSeconds: 300, ranges: [[0, 12]] },
  'POST /api/watch/:moduleId/:lessonId': { positionSeconds: 12, durationSeconds: 300, ranges: [[0, 12]] },
  'POST /api/admin/users': {
    email: 'new.learner@example.com',
    fullName: 'New Learner',
    role: 'user',
    temporaryPassword: 'Temp-pass-123',
    sendLoginDetails: false,
  },
  'PATCH /api/admin/users/:id': { email: 'renamed@example.com', fullName: 'Renamed Learner' },
  'PUT /api/admin/users/:id/role': { role: 'admin' },
  'PUT /api/admin/users/:id/schedule': { isLifted: true },
  'PUT /api/admin/schedule': { mode: 'drip', dripDays: { m2: 7 } },
  'PUT /api/admin/certificate-policy': { validMonths: 12 },
  'POST /api/admin/course/modules': { title: 'A new module' },
  'PUT /api/admin/course/modules/:moduleId': { baseRevision: 1, module: seededModule },
  'PUT /api/admin/course/order': { moduleIds: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'] },
  'POST /api/admin/course/preview': { moduleId: 'm2', module: seededModule },
  'POST /api/admin/course/publish': { note: 'A one-line note' },
  'PUT /api/admin/emails/settings': { nudge: { enabled: true, days: [7, 14, 30] }, moduleOpen: { enabled: true }, completion: { enabled: true }, digest: { enabled: false } },
  'POST /api/admin/emails/test': { kind: 'nudge' },
  [`POST ${PURCHASE_WEBHOOK_PATH}`]: { event: 'purchase.completed', orderId: 'ORD-1', email: 'buyer@example.com', fullName: 'Buyer' },
}

let h: Harness
let clients: Record<Exclude<Caller, 'marketplace'>, TestClient>
let endpoints: Endpoint[]
const callers = new Map<string, Caller>()
/** Real values for path parameters, so a hostile body meets an existing record. */
let realParams: Record<string, string>

/** Every API route the app answers, from its route list (middleware entries are `ALL`). */
function apiEndpoints(routes: { method: string; path: string }[]): Endpoint[] {
  const seen = new Map<string, Endpoint>()
  for (const { method, path } of routes) {
    if (method === 'ALL' || !path.startsWith('/api/')) continue
    const key = `${method} ${path}`
    seen.set(key, { method, path, key })
  }
  return [...seen.values()]
}

const fillPath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_all, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`No value for :${name} in ${path}: add one to realParams`)
    return value
  })

/** Percent-encodes anything, lone surrogates too (as the WTF-8 bytes a raw client could send). */
function encodeAny(value: string): string {
  let out = ''
  for (const char of value) {
    const code = char.codePointAt(0)!
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase()
    } else out += encodeURIComponent(char)
  }
  return out
}

type Sent = { url: string; body?: string; contentType?: string }

async function send(endpoint: Endpoint, caller: Caller, { url, body, contentType }: Sent) {
  if (caller === 'marketplace') {
    const timestamp = String(Math.floor(Date.now() / 1000))
    const headers: Record<string, string> = { 'x-timestamp': timestamp, 'x-signature': signDelivery(SECRET, timestamp, body ?? '') }
    if (contentType) headers['content-type'] = contentType
    const response = await h.app.request(url, { method: endpoint.method, headers, body })
    const text = await response.text()
    let json: any
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, json, text }
  }
  const headers: Record<string, string> = {}
  if (contentType) headers['content-type'] = contentType
  return clients[caller].request(endpoint.method, url, { rawBody: body, headers })
}

type Answer = Awaited<ReturnType<typeof send>>

function expectErrorShape(answer: Answer) {
  expect(answer.json, answer.text.slice(0, 300)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
  expect(answer.json.error.message.length).toBeGreaterThan(0)
}

function expectRefused(answer: Answer) {
  expect(answer.status, answer.text.slice(0, 300)).toBeGreaterThanOrEqual(400)
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500)
  expectErrorShape(answer)
}

/**
 * Rejected webhook deliveries are recorded by design (the admin sees why), and so is a sign-in
 * refused for its credentials (the audit log's "Sign-in failed"); nothing else may change.
 */
function expectUnchanged(before: DbSnapshot, after: DbSnapshot, caller: Caller) {
  const { audit_log: auditBefore = [], ...withoutAuditBefore } = before
  const { audit_log: auditAfter = [], ...withoutAuditAfter } = after
  expect(auditAfter.filter((row) => auditBefore.includes(row))).toEqual(auditBefore)
  for (const row of auditAfter.filter((row) => !auditBefore.includes(row))) {
    expect(JSON.parse(row)).toMatchObject({ action: 'sign_in_failed' })
  }
  if (caller !== 'marketplace') return expect(withoutAuditAfter).toEqual(withoutAuditBefore)
  const { purchase_event: deliveriesBefore = [], ...restBefore } = withoutAuditBefore
  const { purchase_event: deliveriesAfter = [], ...restAfter } = withoutAuditAfter
  expect(restAfter).toEqual(restBefore)
  expect(deliveriesAfter.filter((row) => deliveriesBefore.includes(row)).length).toBe(deliveriesBefore.length)
  for (const row of deliveriesAfter.filter((row) => !deliveriesBefore.includes(row))) {
    expect(JSON.parse(row)).toMatchObject({ result: 'rejected', user_id: null })
  }
}

/** Sends, then checks the answer and that the database is as it was. */
async function sendAndCheck(endpoint: Endpoint, sent: Sent, check: (answer: Answer) => void = expectRefused) {
  const caller = callers.get(endpoint.key)!
  const before = await snapshotDb(h.db, { except: COUNTERS })
  const answer = await send(endpoint, caller, sent)
  check(answer)
  expectUnchanged(before, await snapshotDb(h.db, { except: COUNTERS }), caller)
  return answer
}

/** The first caller the route's guard lets through: anonymous, then a learner, then an admin. */
async function probeCaller(endpoint: Endpoint): Promise<Caller> {
  if (endpoint.path === PURCHASE_WEBHOOK_PATH) return 'marketplace'
  const url = fillPath(endpoint.path, { moduleNumber: 'probe', module: 'probe', moduleId: 'probe', lessonId: 'probe', uploadId: 'probe', version: 'probe', id: 'probe', sessionId: 'probe', list: 'probe' })
  let signedIn: Caller | undefined
  for (const caller of ['anonymous', 'learner', 'admin'] as const) {
    const answer = await send(endpoint, caller, { url, body: BODY_METHODS.has(endpoint.method) ? '{}' : undefined, contentType: 'application/json' })
    if (answer.status !== 401 && answer.status !== 403) return caller
    if (answer.status === 403) signedIn ??= caller
  }
  // Refused by the route rather than its guard (the PDF of a certificate not earned yet).
  if (signedIn) return signedIn
  throw new Error(`${endpoint.key}: no caller gets past its guard`)
}

const urlOf = (endpoint: Endpoint) => fillPath(endpoint.path, realParams)

const jsonEndpoints = () =>
  endpoints.filter((e) => BODY_METHODS.has(e.method) && !TAKES_NO_INPUT.has(e.key) && e.path !== ADMIN_IMPORTS_PATH)

beforeAll(async () => {
  h = await createHarness({ WEBHOOK_SECRET: SECRET })
  const learner = await h.signedIn({ fullName: 'Lena Learner' })
  clients = { anonymous: h.client(), learner: learner.client, admin: (await h.signedIn({ role: 'admin' })).client }
  // Some progress, so hostile writes meet existing rows.
  expect((await learner.client.put('/api/progress/1', { completed: true })).status).toBe(200)
  realParams = { moduleNumber: '2', module: '2', moduleId: 'm2', lessonId: 'm2-l1', uploadId: 'abc123', version: '1', id: learner.user.id, sessionId: 'no-such-session', list: '1' }
  // The learner's real password, so the body passes the service's check too (the last test sends it).
  VALID_BODIES['PUT /api/profile/password']!.currentPassword = learner.user.password
  for (const route of ['enable', 'disable', 'recovery-codes']) {
    VALID_BODIES[`POST /api/auth/two-factor/${route}`]!.password = learner.user.password
  }
  endpoints = apiEndpoints(h.app.routes)
  for (const endpoint of endpoints) callers.set(endpoint.key, await probeCaller(endpoint))
})
afterAll(() => h?.close())

describe('the routes under test', () => {
  it('come from the app’s route list, each with the caller who passes its guard', () => {
    expect(Object.fromEntries(callers)).toMatchObject({
      'GET /api/health': 'anonymous',
      'POST /api/auth/sign-in/email': 'anonymous',
      'PUT /api/profile/password': 'learner',
      'PUT /api/progress/:module': 'learner',
      'GET /api/course/modules/:moduleNumber': 'learner',
      'PUT /api/admin/course/modules/:moduleId': 'admin',
      'POST /api/admin/course/publish': 'admin',
      'GET /api/certificates/:id': 'anonymous',
      'POST /api/admin/users': 'admin',
      [`POST ${ADMIN_IMPORTS_PATH}`]: 'admin',
      [`POST ${PURCHASE_WEBHOOK_PATH}`]: 'marketplace',
    })
    expect(endpoints.length).toBeGreaterThanOrEqual(20)
  })

  it('every route that reads a JSON body has a valid body to spoil', () => {
    expect(jsonEndpoints().map((e) => e.key).sort()).toEqual(Object.keys(VALID_BODIES).sort())
  })
})

describe('hostile JSON bodies', () => {
  it('every JSON route refuses random hostile bodies, whatever the content type, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...jsonEndpoints()), hostileJsonBody, contentType, async (endpoint, body, type) => {
        await sendAndCheck(endpoint, { url: urlOf(endpoint), body, contentType: type })
      }),
      { numRuns: 100 },
    )
  })

  it('a valid body with one field made hostile is refused and changes nothing', async () => {
    const field = fc.constantFrom(...jsonEndpoints()).chain((endpoint) =>
      fc.tuple(fc.constant(endpoint), fc.constantFrom(...Object.keys(VALID_BODIES[endpoint.key]!)), hostileValue),
    )
    await fc.assert(
      fc.asyncProperty(field, async ([endpoint, name, value]) => {
        const body = JSON.stringify({ ...VALID_BODIES[endpoint.key], [name]: value })
        await sendAndCheck(endpoint, { url: urlOf(endpoint), body, contentType: 'application/json' })
      }),
      { numRuns: 80 },
    )
  })

  it('a body over 100 KB gets 413 on every JSON route; one just under it is read and refused', async () => {
    for (const endpoint of jsonEndpoints()) {
      const field = Object.keys(VALID_BODIES[endpoint.key]!)[0]!
      // The whole body is `bytes` long: a valid body can be long itself (a module of the course).
      const padded = (bytes: number) => {
        const unpadded = JSON.stringify({ ...VALID_BODIES[endpoint.key], [field]: '' }).length
        return JSON.stringify({ ...VALID_BODIES[endpoint.key], [field]: 'x'.repeat(bytes - unpadded) })
      }
      const over = await sendAndCheck(endpoint, { url: urlOf(endpoint), body: padded(MAX_BODY_BYTES + 1), contentType: 'application/json' })
      expect([endpoint.key, over.status, over.json.error.code]).toEqual([endpoint.key, 413, 'PAYLOAD_TOO_LARGE'])
      const under = await sendAndCheck(endpoint, { url: urlOf(endpoint), body: padded(MAX_BODY_BYTES - 200), contentType: 'application/json' })
      expect([endpoint.key, under.status]).toEqual([endpoint.key, 400])
    }
  })

  it('routes that take no input ignore a hostile body without failing', async () => {
    for (const key of TAKES_NO_INPUT) {
      const endpoint = endpoints.find((e) => e.key === key)!
      expect(endpoint, key).toBeDefined()
      for (const body of ['{"__proto__":{"role":"admin"}}', '\u0000', '['.repeat(3_000)]) {
        const answer = await send(endpoint, callers.get(key)!, { url: endpoint.path, body, contentType: 'application/json' })
        expect(answer.status, `${key}: ${answer.text}`).toBeLessThan(500)
      }
    }
  })
})

describe('hostile path parameters and query strings', () => {
  it('an id or module number with odd characters is refused and changes nothing', async () => {
    const withParams = endpoints.filter((e) => e.path.includes(':'))
    expect(withParams.length).toBeGreaterThan(0)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withParams), hostileParam, async (endpoint, param) => {
        const url = endpoint.path.replace(/:\w+/g, encodeAny(param))
        const body = VALID_BODIES[endpoint.key]
        await sendAndCheck(endpoint, { url, body: body && JSON.stringify(body), contentType: body && 'application/json' })
      }),
      { numRuns: 40 },
    )
  })

  it('GET routes answer any query string with data or a 4xx, never a 5xx, and change nothing', async () => {
    const gets = endpoints.filter((e) => e.method === 'GET')
    const rawQueries = fc.constantFrom('page=%', 'search=%ZZ', 'search=%ED%A0%80', 'search=%00', 'page[]=1', 'page=1&page=2', 'status=all&status=x', '&&&=', '=%')
    const query = fc.oneof(
      fc.dictionary(fc.constantFrom(...QUERY_KEYS), hostileQueryValue, { minKeys: 1, maxKeys: 3 }).map((entries) =>
        Object.entries(entries)
          .map(([key, value]) => `${key}=${encodeAny(value)}`)
          .join('&'),
      ),
      rawQueries,
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...gets), query, async (endpoint, search) => {
        await sendAndCheck(endpoint, { url: `${fillPath(endpoint.path, realParams)}?${search}` }, (answer) => {
          expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500)
          if (answer.status >= 400) expectErrorShape(answer)
        })
      }),
      { numRuns: 50 },
    )
  })

  it('the admin list refuses out-of-range pages, over-long searches and NUL; odd but storable searches find nobody', async () => {
    const list = endpoints.find((e) => e.key === 'GET /api/admin/users')!
    for (const search of ['page=-1', 'page=0', 'page=1e9', 'page=1000000', `search=${'x'.repeat(300)}`, 'search=a%00b']) {
      const answer = await sendAndCheck(list, { url: `/api/admin/users?${search}` })
      expect(answer.json.error.code).toBe('VALIDATION_FAILED')
    }
    // Odd but storable searches are searched for: nobody matches.
    for (const search of ['%ED%A0%80', '%F0%9F%98%80', '%25_%5C', "'%20OR%201=1--"]) {
      const answer = await sendAndCheck(list, { url: `/api/admin/users?search=${search}` }, () => {})
      expect([search, answer.status, answer.json.total]).toEqual([search, 200, 0])
    }
  })
})

describe('the bulk import', () => {
  const imports = () => endpoints.find((e) => e.key === `POST ${ADMIN_IMPORTS_PATH}`)!

  it('hostile CSV files are refused or reported row by row; no account is created', async () => {
    await fc.assert(
      fc.asyncProperty(hostileCsv, fc.constantFrom('dry-run', 'commit'), fc.constantFrom('text/csv', 'text/plain; charset=utf-8'), async (csv, mode, type) => {
        await sendAndCheck(imports(), { url: `${ADMIN_IMPORTS_PATH}?mode=${mode}&sendLoginDetails=true`, body: csv, contentType: type }, (answer) => {
          if (answer.status === 200) {
            expect(answer.json).toMatchObject({ created: 0, counts: { create: 0 } })
          } else expectRefused(answer)
        })
      }),
      { numRuns: 40 },
    )
  })

  it('refuses a file over 2 MB with 413 and a non-CSV content type with 415', async () => {
    const over = await sendAndCheck(imports(), {
      url: `${ADMIN_IMPORTS_PATH}?mode=dry-run`,
      body: 'email,full_name,role\r\n' + 'a'.repeat(2 * 1024 * 1024),
      contentType: 'text/csv',
    })
    expect(over.status).toBe(413)
    const json = await sendAndCheck(imports(), { url: `${ADMIN_IMPORTS_PATH}?mode=dry-run`, body: '{}', contentType: 'application/json' })
    expect(json.status).toBe(415)
  })
})

describe('the bodies the fuzzing starts from', () => {
  // Run last: these are valid, so they may change the database.
  it('pass validation, so each spoiled field is what the route refused', async () => {
    for (const endpoint of jsonEndpoints()) {
      const answer = await send(endpoint, callers.get(endpoint.key)!, {
        url: urlOf(endpoint),
        body: JSON.stringify(VALID_BODIES[endpoint.key]),
        contentType: 'application/json',
      })
      expect(answer.json?.error?.code, `${endpoint.key}: ${answer.text}`).not.toBe('VALIDATION_FAILED')
      expect(answer.status, `${endpoint.key}: ${answer.text}`).toBeLessThan(500)
    }
  })
})
