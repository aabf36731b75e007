import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, PUBLIC_URL, type Harness, type TestClient } from '../test/harness'
import { packagedContexts, verifierLoader, verifierSuite, verifyAsOutsider, type Json } from '../test/outside-verifier'
import { certificate } from '../db/schema'
import { keepMissingCredentials } from './certificate-credential'
import { signCredential } from './open-badge'
import { rotateCredentialKey } from './signing-key'

// Verified as an outside verifier would (src/server/test/outside-verifier.ts): the libraries, the
// packaged contexts, and the portal's DID document and status lists fetched over its HTTP routes.

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

/** GET from the portal in process, as a verifier would over the network. */
async function fetchPortal(url: string): Promise<Json> {
  const { pathname } = new URL(url)
  const response = await h.app.request(pathname)
  expect(response.status, url).toBe(200)
  return (await response.json()) as Json
}

const { load: loader, requested } = verifierLoader(fetchPortal, { statusListPrefix: `${PUBLIC_URL}/api/credentials/status/` })
const suite = verifierSuite
const verify = (credential: Json) => verifyAsOutsider(credential, loader)

const completeCourse = async (client: TestClient) => {
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect((await client.put(`/api/progress/${n}`, { completed: true })).status).toBe(200)
}

async function earnedCredential(fullName: string) {
  const learner = await h.signedIn({ fullName })
  await completeCourse(learner.client)
  const response = await learner.client.get('/api/certificate/credential.json')
  expect(response.status).toBe(200)
  return { ...learner, credential: response.json as Json }
}

describe('a credential as an outside verifier checks it', () => {
  it('verifies, is not revoked, and named only packaged contexts and the portal', async () => {
    requested.length = 0
    const { credential } = await earnedCredential('Ada Broker')
    const result = await verify(credential)
    expect(result.error).toBeUndefined()
    expect(result.verified).toBe(true)
    expect(result.statusResult?.results?.[0]?.status).toBe(false)
    expect(credential.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod' })
    expect(requested.every((url) => packagedContexts.has(url) || url.startsWith('did:web:localhost%3A3000') || url.startsWith(PUBLIC_URL))).toBe(true)
  })

  it('fails when the name or the date is changed', async () => {
    const { credential } = await earnedCredential('Grace Lender')
    const renamed = structuredClone(credential)
    const name = renamed.credentialSubject.identifier.find((entry: Json) => entry.identityType === 'name')
    expect(name.identityHash).toBe('Grace Lender')
    name.identityHash = 'Mallory Forger'
    expect((await verify(renamed)).verified).toBe(false)

    const redated = structuredClone(credential)
    redated.validFrom = '2020-01-01T00:00:00Z'
    expect((await verify(redated)).verified).toBe(false)

    const recoursed = structuredClone(credential)
    recoursed.credentialSubject.achievement.name = 'Another Course'
    expect((await verify(recoursed)).verified).toBe(false)
  })

  it('verifies an expiring credential, and fails when its validUntil is moved', async () => {
    const admin = (await h.signedIn({ role: 'admin' })).client
    expect((await admin.put('/api/admin/certificate-policy', { validMonths: 12 })).status).toBe(200)
    try {
      const { credential } = await earnedCredential('Erin Renewer')
      expect(credential.validUntil).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
      expect((await verify(credential)).verified).toBe(true)
      const extended = structuredClone(credential)
      extended.validUntil = '2099-01-01T00:00:00Z'
      expect((await verify(extended)).verified).toBe(false)
    } finally {
      await admin.put('/api/admin/certificate-policy', { validMonths: null })
    }
  })

  it('reports revoked once an admin deletes the learner; the verify page says so', async () => {
    const { user: learner, credential } = await earnedCredential('Leaving Learner')
    const { client: admin } = await h.signedIn({ role: 'admin' })
    expect((await admin.delete(`/api/admin/users/${learner.id}`)).status).toBe(204)

    const status = await checkStatus({ credential, documentLoader: loader, suite: suite() })
    expect(status.verified).toBe(true)
    expect(status.results?.[0]?.status).toBe(true)
    // The signature still holds: what it says was issued, and is revoked now.
    const result = await verify(credential)
    expect(result.statusResult?.results?.[0]?.status).toBe(true)

    const certificateId = credential.id.split('/verify/')[1]
    const page = await h.client().get(`/api/certificates/${certificateId}`)
    expect(page.json).toMatchObject({ isRevoked: true, credentialUrl: null, recipientName: null })
    const json = await h.client().get(`/verify/${certificateId}.json`)
    expect(json.status).toBe(404)
    expect(json.json.error.message).toBe('This certificate was revoked: it has no credential any more.')
  })

  it('still verifies a credential signed before a key rotation, and the next ones with the new key', async () => {
    const before = await earnedCredential('Early Earner')
    const oldMethod = before.credential.proof.verificationMethod as string
    await rotateCredentialKey(h.db)
    const after = await earnedCredential('Late Earner')
    const newMethod = after.credential.proof.verificationMethod as string
    expect(newMethod).not.toBe(oldMethod)
    expect(oldMethod).toMatch(/^did:web:localhost%3A3000#key-\d+$/)

    const document = await fetchPortal(`${PUBLIC_URL}/.well-known/did.json`)
    expect(document.assertionMethod).toEqual(expect.arrayContaining([oldMethod, newMethod]))
    expect((await verify(before.credential)).verified).toBe(true)
    expect((await verify(after.credential)).verified).toBe(true)
  })

  it('refuses a credential naming a context that is not packaged: nothing is fetched', async () => {
    const { credential } = await earnedCredential('Careful Verifier')
    const extended = structuredClone(credential)
    extended['@context'] = [...extended['@context'], 'https://contexts.example.com/extra.json']
    requested.length = 0
    const result = await verify(extended)
    expect(result.verified).toBe(false)
    expect(requested).toContain('https://contexts.example.com/extra.json')
    // jsonld names the address and keeps the loader's refusal as the cause.
    const [error] = (result.error as Error & { errors?: (Error & { details?: Json })[] }).errors ?? []
    expect(error?.details?.cause?.message).toBe('Refused to load https://contexts.example.com/extra.json')
  })

  it("signs nothing that names a context outside the packages: the portal's loader refuses it too", async () => {
    const { credential } = await earnedCredential('Careful Signer')
    const { proof: _, ...unsigned } = credential
    unsigned['@context'] = [...unsigned['@context'], 'https://contexts.example.com/extra.json']
    await expect(signCredential(h.db, h.env, unsigned)).rejects.toMatchObject({
      details: { cause: { message: expect.stringContaining('Refused to load https://contexts.example.com/extra.json') } },
    })
  })
})

describe('the credential documents', () => {
  it('serves the same credential at /verify/:id.json and to Accept: application/ld+json, the page otherwise', async () => {
    const { credential, client } = await earnedCredential('Twice Fetched')
    const id = credential.id.split('/verify/')[1]
    const json = await h.client().get(`/verify/${id}.json`)
    expect(json.status).toBe(200)
    expect(json.headers.get('content-type')).toBe('application/ld+json')
    expect(json.json).toEqual(credential)
    const negotiated = await h.client().get(`/verify/${id}`, { headers: { accept: 'application/ld+json' } })
    expect(negotiated.json).toEqual(credential)
    // The learner's download again: the same document, not a new signature.
    expect((await client.get('/api/certificate/credential.json')).json).toEqual(credential)
  })

  it('answers 404 for an unknown certificate and a status list no certificate points at', async () => {
    expect((await h.client().get('/verify/SWS-00000-00000-00000-00000.json')).status).toBe(404)
    expect((await h.client().get('/api/credentials/status/9')).status).toBe(404)
    expect((await h.client().get('/api/credentials/status/zero')).status).toBe(400)
  })

  it('refuses the download before the course is complete', async () => {
    const { client } = await h.signedIn()
    const response = await client.get('/api/certificate/credential.json')
    expect(response.status).toBe(403)
    expect(response.json.error.message).toBe('Complete all 8 modules to download your credential.')
  })
})

describe("the queue's credentials-keep job", () => {
  const waiting = async () =>
    (
      await h.db
        .select({ id: certificate.id })
        .from(certificate)
        .where(and(isNull(certificate.credential), isNull(certificate.revokedAt), isNotNull(certificate.userId)))
    ).length

  it('keeps each missing credential, one at least in a spent slice, and the learner then downloads the kept one', async () => {
    const first = await h.signedIn({ fullName: 'Kept First' })
    await completeCourse(first.client)
    const second = await h.signedIn({ fullName: 'Kept Second' })
    await completeCourse(second.client)
    const before = await waiting()
    expect(before).toBeGreaterThanOrEqual(2)
    const modules = h.courseStore.current().document.modules

    // A slice already spent still keeps one: a backlog always moves on.
    expect(await keepMissingCredentials(h.db, h.env, modules, { budgetMs: 0 })).toBe(1)
    expect(await waiting()).toBe(before - 1)
    expect(await keepMissingCredentials(h.db, h.env, modules)).toBe(before - 1)
    expect(await waiting()).toBe(0)

    const [kept] = await h.db.select({ credential: certificate.credential }).from(certificate).where(eq(certificate.userId, second.user.id))
    expect(kept!.credential).not.toBeNull()
    expect((await second.client.get('/api/certificate/credential.json')).json).toEqual(kept!.credential)
  })
})
