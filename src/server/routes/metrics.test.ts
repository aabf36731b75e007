import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../test/harness'

const TOKEN = randomBytes(32).toString('base64url')

let h: Harness
let off: Harness
beforeAll(async () => {
  h = await createHarness({ METRICS: 'on', METRICS_TOKEN: TOKEN })
  off = await createHarness()
})
afterAll(async () => {
  await h?.close()
  await off?.close()
})

const scrape = (harness: Harness, authorization?: string) =>
  harness.client().get('/metrics', authorization === undefined ? {} : { headers: { authorization } })

describe('/metrics (METRICS=on)', () => {
  it('refuses without the token, or with a wrong one, and says how to send it', async () => {
    for (const authorization of [undefined, '', `Bearer ${TOKEN.slice(1)}`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, `Bearer  ${TOKEN}`]) {
      const answer = await scrape(h, authorization)
      expect(answer.status, String(authorization)).toBe(401)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(answer.json).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Send the metrics token as "Authorization: Bearer <token>".' },
        requestId: answer.headers.get('x-request-id'),
      })
      expect(answer.text).not.toContain('http_requests_total')
    }
  })

  it('with the token: request counts and latency by route pattern, the event loop’s lag, Node’s own', async () => {
    const learner = await h.signedIn()
    for (const moduleNumber of [1, 2, 3]) expect((await learner.client.put(`/api/progress/${moduleNumber}`, { completed: true })).status).toBe(200)
    await h.client().get('/api/progress')

    const answer = await scrape(h, `Bearer ${TOKEN}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.text).toContain('http_requests_total{method="PUT",route="/api/progress/:module",status="200"} 3')
    expect(answer.text).toContain('http_requests_total{method="GET",route="/api/progress",status="401"} 1')
    expect(answer.text).toContain('http_request_duration_seconds_count{method="PUT",route="/api/progress/:module"} 3')
    expect(answer.text).toMatch(/http_request_duration_seconds_bucket\{le="0\.05",method="PUT",route="\/api\/progress\/:module"\} \d/)
    expect(answer.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    expect(answer.text).toMatch(/^process_resident_memory_bytes \d/m)
    expect(answer.text).not.toContain('/api/progress/1')
  })

  it('times each password hash: its wait for a free core, then the hash', async () => {
    const count = async (phase: string) =>
      Number(new RegExp(`^password_hash_duration_seconds_count\\{phase="${phase}"\\} (\\d+)$`, 'm').exec((await scrape(h, `Bearer ${TOKEN}`)).text)?.[1] ?? 0)
    const person = await h.createUser()
    const before = await count('hashing')
    expect((await h.client().post('/api/auth/sign-in/email', { email: person.email, password: person.password })).status).toBe(200)
    expect(await count('hashing')).toBe(before + 1)
    expect(await count('waiting')).toBe(await count('hashing'))
    const scraped = (await scrape(h, `Bearer ${TOKEN}`)).text
    expect(scraped).toMatch(/^password_hash_duration_seconds_bucket\{le="0\.1",phase="hashing"\} \d+$/m)
    expect(Number(/^password_hash_duration_seconds_sum\{phase="hashing"\} (\S+)$/m.exec(scraped)?.[1])).toBeGreaterThan(0)
  })

  it('counts the scrapes too, refused or not', async () => {
    await scrape(h)
    const answer = await scrape(h, `bearer ${TOKEN}`)
    expect(answer.status).toBe(200)
    expect(answer.text).toMatch(/http_requests_total\{method="GET",route="\/metrics",status="401"\} [1-9]/)
  })
})

describe('/metrics (METRICS unset)', () => {
  it('is a JSON 404, with or without a token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const answer = await scrape(off, authorization)
      expect(answer.status).toBe(404)
      expect(answer.json).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' }, requestId: answer.headers.get('x-request-id') })
    }
  })
})
