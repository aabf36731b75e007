import { afterAll, beforeAll, expect, it } from 'vitest'
import { createHarness, type Harness } from './test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness({ NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example.com', BETTER_AUTH_SECRET: 'x'.repeat(40) })
})
afterAll(() => h.close())

it('in production over https: HSTS, and a Secure, __Secure- prefixed session cookie the app accepts', async () => {
  const learner = await h.createUser()
  const client = h.client()
  const origin = { origin: 'https://learn.example.com' }
  const response = await client.request('POST', 'https://learn.example.com/api/auth/sign-in/email', {
    headers: origin,
    body: { email: learner.email, password: learner.password },
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('strict-transport-security')).toContain('max-age=')
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Secure-better-auth.session_token='))
  expect(cookie).toMatch(/; Secure/i)
  expect(cookie).toMatch(/HttpOnly/i)
  const profile = await client.request('GET', 'https://learn.example.com/api/profile', { headers: origin })
  expect(profile.status).toBe(200)
})
