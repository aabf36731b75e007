import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

type Line = { level: number; msg: string; requestId?: string; method?: string; route?: string; status?: number; durationMs?: number; pid: number }
const parsed = (): Line[] => h.logLines.map((line) => JSON.parse(line) as Line)
const linesOf = (requestId: string) => parsed().filter((line) => line.requestId === requestId)

describe('request ids', () => {
  it('gives every answer an X-Request-Id, and an error body the same id', async () => {
    const client = h.client()
    const ok = await client.get('/api/health/live')
    const missing = await client.get('/api/nothing-here')
    const refused = await client.get('/api/progress')
    const signIn = await client.post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'Not-the-password-1' })
    const ids = [ok, missing, refused, signIn].map((answer) => answer.headers.get('x-request-id'))
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(ids).size).toBe(4)
    expect(missing.json).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' }, requestId: ids[1] })
    expect(refused.json.requestId).toBe(ids[2])
    expect(signIn.status).toBe(401)
    expect(signIn.json.requestId).toBe(ids[3])
  })

  it('keeps a proxy’s id when it is a plain token of at most 128 characters', async () => {
    const id = 'edge-7f3a_91=='
    const answer = await h.client().get('/api/nothing-here', { headers: { 'x-request-id': id } })
    expect(answer.headers.get('x-request-id')).toBe(id)
    expect(answer.json.requestId).toBe(id)
  })

  it('replaces an id that is too long or carries anything but letters, digits, -, _ and =', async () => {
    for (const id of ['a'.repeat(129), 'has space', 'quote"s', 'new\\nline', '../etc', 'ü-nicode']) {
      const answer = await h.client().get('/api/nothing-here', { headers: { 'x-request-id': id } })
      const given = answer.headers.get('x-request-id')
      expect(given, id).toMatch(/^[0-9a-f-]{36}$/)
      expect(answer.json.requestId, id).toBe(given)
    }
  })
})

describe('the request log', () => {
  it('writes one line per request: id, method, route pattern, status and duration, never the raw path', async () => {
    const learner = await h.signedIn()
    const answer = await learner.client.put('/api/progress/3', { completed: true }, { headers: { 'x-request-id': 'progress-line-1' } })
    expect(answer.status).toBe(200)
    const lines = linesOf('progress-line-1')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'PUT', route: '/api/progress/:module', status: 200, pid: process.pid })
    expect(lines[0]!.durationMs).toBeGreaterThanOrEqual(0)
    expect(JSON.stringify(lines[0])).not.toContain('/api/progress/3')
  })

  it('logs a refusal with the status it answered, and the route that refused it', async () => {
    await h.client().get('/api/admin/users?search=secret-search', { headers: { 'x-request-id': 'refused-line-1' } })
    const [line] = linesOf('refused-line-1')
    expect(line).toMatchObject({ method: 'GET', route: '/api/admin/users', status: 401 })
    expect(JSON.stringify(line)).not.toContain('secret-search')
  })

  it('logs a token in the path as its pattern only', async () => {
    await h.client().get('/api/certificates/SWS-TOKEN-LIKE-ID-12345', { headers: { 'x-request-id': 'certificate-line-1' } })
    const [line] = linesOf('certificate-line-1')
    expect(line).toMatchObject({ route: '/api/certificates/:id', status: 404 })
    expect(JSON.stringify(line)).not.toContain('SWS-TOKEN-LIKE-ID-12345')
  })
})
