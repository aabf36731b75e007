import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from './db/schema'
import { createHarness, type Harness } from './test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const jsonRoutes = [
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/request-password-reset'],
  ['POST', '/api/auth/reset-password'],
  ['PUT', '/api/profile/password'],
] as const

describe('bad input', () => {
  it.each(jsonRoutes)('%s %s: malformed JSON → 400 in the error shape, nothing changed', async (method, url) => {
    const { client } = await h.signedIn({ isTemporary: true })
    const before = await h.db.select().from(user)
    const response = await client.request(method, url, { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
    expect(response.json.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) })
    expect(await h.db.select().from(user)).toEqual(before)
  })

  it.each(jsonRoutes)('%s %s: wrong types and missing fields → 400 VALIDATION_FAILED', async (method, url) => {
    const { client } = await h.signedIn({ isTemporary: true })
    for (const body of [{}, [], 'text', 42, null, { email: ['a'], password: { $gt: '' }, newPassword: 5, token: false }]) {
      const response = await client.request(method, url, { body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.json.error.code).toBe('VALIDATION_FAILED')
    }
  })

  it.each(jsonRoutes)('%s %s: a body over 100 KB → 413', async (method, url) => {
    const { client } = await h.signedIn({ isTemporary: true })
    const response = await client.request(method, url, { body: { email: 'a@example.com', password: 'x'.repeat(101 * 1024) } })
    expect(response.status).toBe(413)
    expect(response.json.error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('a form-encoded body is refused, not half-read', async () => {
    const response = await h.client().request('POST', '/api/auth/sign-in/email', {
      rawBody: 'email=a%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.status).toBe(400)
  })

  it('no stack trace or internal detail leaks', async () => {
    const response = await h.client().request('POST', '/api/auth/sign-in/email', { rawBody: '\u0000\uffff{', headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
    expect(response.text).not.toMatch(/at .*\.ts|node_modules|Error:/)
  })
})

describe('routing', () => {
  it('an unknown API path is a JSON 404', async () => {
    const response = await h.client().get('/api/nothing-here')
    expect(response.status).toBe(404)
    expect(response.json).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' }, requestId: expect.any(String) })
  })

  it('health answers', async () => {
    expect((await h.client().get('/api/health')).json).toEqual({ status: 'ok' })
  })
})
