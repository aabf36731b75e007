import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificate, user } from '../db/schema'
import { pdfText } from '../test/pdf-text'
import { createHarness, PUBLIC_URL, type Harness, type TestClient } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const completeModules = async (client: TestClient, numbers: number[]) => {
  for (const n of numbers) {
    const response = await client.put(`/api/progress/${n}`, { completed: true })
    expect(response.status).toBe(200)
  }
}
const ALL = [1, 2, 3, 4, 5, 6, 7, 8]
const certificatesOf = (userId: string) => h.db.select().from(certificate).where(eq(certificate.userId, userId))

describe('before completion', () => {
  it('has no certificate: 404 for the JSON, 403 for the PDF, even at 7 of 8', async () => {
    const { user: learner, client } = await h.signedIn()
    await completeModules(client, [1, 2, 3, 4, 5, 6, 7])
    const json = await client.get('/api/certificate')
    expect(json.status).toBe(404)
    expect(json.json).toEqual({
      error: { code: 'NOT_FOUND', message: 'You have not earned a certificate yet. Complete all 8 modules to receive it.' },
      requestId: expect.any(String),
    })
    const pdf = await client.get('/api/certificate.pdf')
    expect(pdf.status).toBe(403)
    expect(pdf.json).toEqual({ error: { code: 'FORBIDDEN', message: 'Complete all 8 modules to download your certificate.' }, requestId: expect.any(String) })
    expect(await certificatesOf(learner.id)).toEqual([])
  })

  it('is 401 anonymous and 403 for a learner who must change the password', async () => {
    for (const path of ['/api/certificate', '/api/certificate.pdf']) {
      expect((await h.client().get(path)).status).toBe(401)
    }
    const { client } = await h.signedIn({ isTemporary: true })
    for (const path of ['/api/certificate', '/api/certificate.pdf']) {
      const response = await client.get(path)
      expect(response.status).toBe(403)
      expect(response.json.error.code).toBe('PASSWORD_CHANGE_REQUIRED')
    }
  })
})

describe('completing the course', () => {
  it('issues one certificate on the eighth module, readable as JSON', async () => {
    const { user: learner, client } = await h.signedIn({ fullName: 'Ada Broker' })
    await completeModules(client, ALL)
    const response = await client.get('/api/certificate')
    expect(response.status).toBe(200)
    const { id, completedAt } = response.json
    expect(id).toMatch(/^SWS(-[0-9A-HJKMNP-TV-Z]{5}){4}$/)
    expect(response.json).toEqual({
      id,
      recipientName: 'Ada Broker',
      courseName: 'CRM Training Course',
      tagline: 'Success Without Sacrifice',
      completedAt,
      moduleCount: 8,
      verifyUrl: `${PUBLIC_URL}/verify/${id}`,
      // Certificates do not expire unless the owner says so (certificate-renewal.test.ts).
      renewal: { expiresAt: null, isExpired: false, opensAt: null, isOpen: false, modulesToPass: [] },
    })
    const eighth = (await client.get('/api/progress')).json.modules.find((m: { moduleNumber: number }) => m.moduleNumber === 8)
    expect(completedAt).toBe(eighth.completedAt)
    expect(await certificatesOf(learner.id)).toHaveLength(1)
  })

  it('makes a PDF with the name, course, tagline, date, id and verification link', async () => {
    const { client } = await h.signedIn({ fullName: 'Grace Lender' })
    await completeModules(client, ALL)
    const { id, completedAt } = (await client.get('/api/certificate')).json
    const response = await h.app.request('/api/certificate.pdf', {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="certificate-${id}.pdf"`)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = pdfText(bytes)
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(completedAt))
    expect(text).toEqual(
      expect.arrayContaining([
        'CERTIFICATE OF COMPLETION',
        'Grace Lender',
        'CRM Training Course',
        'Success Without Sacrifice',
        `Completed on ${date}`,
        `Certificate ID: ${id}`,
        `Verify at ${PUBLIC_URL}/verify/${id}`,
      ]),
    )
  })

  it('names a learner without a full name by their e-mail', async () => {
    const { user: learner, client } = await h.signedIn()
    await completeModules(client, ALL)
    expect((await client.get('/api/certificate')).json.recipientName).toBe(learner.email)
  })

  it('keeps the certificate through a reset, and completing again keeps the same id and date', async () => {
    const { user: learner, client } = await h.signedIn({ fullName: 'Reset Learner' })
    await completeModules(client, ALL)
    const before = (await client.get('/api/certificate')).json
    expect((await client.delete('/api/progress')).json.completedCount).toBe(0)

    expect((await client.get('/api/certificate')).json).toEqual(before)
    expect((await client.get('/api/certificate.pdf')).status).toBe(200)
    expect((await h.client().get(`/api/certificates/${before.id}`)).status).toBe(200)

    await completeModules(client, ALL)
    expect((await client.get('/api/certificate')).json).toEqual(before)
    expect(await certificatesOf(learner.id)).toHaveLength(1)
  })

  it('issues nothing when a module is unmarked before the eighth is done', async () => {
    const { user: learner, client } = await h.signedIn()
    await completeModules(client, [1, 2, 3, 4, 5, 6, 7])
    await client.put('/api/progress/7', { completed: false })
    await completeModules(client, [8])
    expect(await certificatesOf(learner.id)).toEqual([])
  })

  it('issues the certificate when the last two modules are completed at the same moment', async () => {
    const { user: learner, client } = await h.signedIn()
    await completeModules(client, [1, 2, 3, 4, 5, 6])
    const answers = await Promise.all([7, 8].map((n) => client.put(`/api/progress/${n}`, { completed: true })))
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(await certificatesOf(learner.id)).toHaveLength(1)
  })

  it('gives every learner a different certificate, and only their own', async () => {
    const one = await h.signedIn({ fullName: 'One Learner' })
    const two = await h.signedIn({ fullName: 'Two Learner' })
    await completeModules(one.client, ALL)
    await completeModules(two.client, ALL)
    const a = (await one.client.get('/api/certificate')).json
    const b = (await two.client.get('/api/certificate')).json
    expect(a.id).not.toBe(b.id)
    expect(a.recipientName).toBe('One Learner')
    expect(b.recipientName).toBe('Two Learner')
  })
})

describe('GET /api/certificates/:id (public verification)', () => {
  it('shows name, course and date to anyone, signed in or not', async () => {
    const { client } = await h.signedIn({ fullName: 'Verified Learner' })
    await completeModules(client, ALL)
    const mine = (await client.get('/api/certificate')).json
    const response = await h.client().get(`/api/certificates/${mine.id}`)
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      id: mine.id,
      recipientName: 'Verified Learner',
      courseName: 'CRM Training Course',
      completedAt: mine.completedAt,
      isRevoked: false,
      credentialUrl: `${PUBLIC_URL}/verify/${mine.id}.json`,
      expiresAt: null,
      replacedBy: null,
    })
    // An id typed in lower case still matches.
    expect((await h.client().get(`/api/certificates/${mine.id.toLowerCase()}`)).json.id).toBe(mine.id)
  })

  it.each(['SWS-00000-00000-00000-00000', 'bogus', 'SWS-', "x' or '1'='1", '%E2%9C%93'])(
    'answers a clear 404 for %j',
    async (id) => {
      const response = await h.client().get(`/api/certificates/${id}`)
      expect(response.status).toBe(404)
      expect(response.json).toEqual({ error: { code: 'NOT_FOUND', message: 'Certificate not found' }, requestId: expect.any(String) })
    },
  )

  it('stays verifiable after the learner’s account is deleted', async () => {
    const { user: learner, client } = await h.signedIn({ fullName: 'Former Learner' })
    await completeModules(client, ALL)
    const { id } = (await client.get('/api/certificate')).json
    await h.db.delete(user).where(eq(user.id, learner.id))
    const response = await h.client().get(`/api/certificates/${id}`)
    expect(response.status).toBe(200)
    expect(response.json.recipientName).toBe('Former Learner')
  })
})
