import { afterAll, beforeAll, expect, it } from 'vitest'
import { createHarness, type Harness } from '../test/harness'

// Written from the Open Badges 3.0 specification's data model (1EdTech, "Open Badges
// Specification, Spec Version 3.0", https://www.imsglobal.org/spec/ob/v3p0/, Appendix B "Data
// Models"), not from our builder: every property it marks required ([1] or [1..*]) of
// AchievementCredential (OpenBadgeCredential is its alias), AchievementSubject, Achievement, and
// the Profile, IdentityObject and Criteria they hold, with the types it gives them.

let h: Harness
let credential: Record<string, any>
/** A credential of a certificate that expires (the owner's validity set to 12 months). */
let expiring: Record<string, any>
beforeAll(async () => {
  h = await createHarness()
  const credentialOf = async (fullName: string) => {
    const { client } = await h.signedIn({ fullName })
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect((await client.put(`/api/progress/${n}`, { completed: true })).status).toBe(200)
    const response = await client.get('/api/certificate/credential.json')
    expect(response.status).toBe(200)
    return response.json
  }
  credential = await credentialOf('Ada Broker')
  const admin = (await h.signedIn({ role: 'admin' })).client
  expect((await admin.put('/api/admin/certificate-policy', { validMonths: 12 })).status).toBe(200)
  expiring = await credentialOf('Bea Broker')
})
afterAll(() => h.close())

/** Open Badges 3.0 data model, "URI" type: a string with a scheme, as RFC 3986 wants (https:, did:, urn: all are). */
const isUri = (value: unknown) => typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(value) && URL.canParse(value)

/** Open Badges 3.0 data model, "DateTimeZ" type: an XML Schema dateTime whose time zone is given. */
const isDateTimeZ = (value: unknown) =>
  typeof value === 'string' &&
  /^-?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) &&
  !Number.isNaN(Date.parse(value))

const isNonEmptyString = (value: unknown) => typeof value === 'string' && value.trim().length > 0

/** [1..*] type lists: a string or an array of strings holding the required one. */
const types = (value: unknown): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) ? value : [])

// §B.1.1 AchievementCredential: "@context [1..*]: The value of the @context property MUST be an
// ordered set where the first item is a URI with the value
// 'https://www.w3.org/ns/credentials/v2', and the second item is a URI with the value
// 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'."
it('AchievementCredential: contexts in order, id a URI, both types', () => {
  expect(credential['@context'].slice(0, 2)).toEqual([
    'https://www.w3.org/ns/credentials/v2',
    'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
  ])
  expect(isUri(credential.id)).toBe(true)
  // "type [1..*]: ... One of the items MUST be the URI 'VerifiableCredential', and one of the items
  // MUST be the URI 'AchievementCredential' or the URI 'OpenBadgeCredential'."
  expect(types(credential.type)).toContain('VerifiableCredential')
  expect(types(credential.type).some((type) => type === 'OpenBadgeCredential' || type === 'AchievementCredential')).toBe(true)
})

// §B.1.1: "name [1]: The name of the credential for display purposes", "validFrom [1]: DateTimeZ",
// "validUntil [0..1]: DateTimeZ", "awardedDate [0..1]: DateTimeZ".
it('AchievementCredential: name, validFrom (and validUntil, awardedDate if present) as DateTimeZ', () => {
  expect(isNonEmptyString(credential.name)).toBe(true)
  expect(isDateTimeZ(credential.validFrom)).toBe(true)
  for (const optional of ['validUntil', 'awardedDate']) {
    if (optional in credential) expect(isDateTimeZ(credential[optional]), optional).toBe(true)
  }
  // An expiring certificate's credential says until when, after it begins.
  expect(isDateTimeZ(expiring.validUntil)).toBe(true)
  expect(Date.parse(expiring.validUntil)).toBeGreaterThan(Date.parse(expiring.validFrom))
})

// §B.1.1: "issuer [1]: Profile". §B.1.x Profile: "id [1]: URI", "type [1..*]: ... One of the items
// MUST be the IRI 'Profile'"; name and url are optional, a url is a URI.
it('issuer: a Profile with a URI id', () => {
  const issuer = credential.issuer
  expect(typeof issuer).toBe('object')
  expect(isUri(issuer.id)).toBe(true)
  expect(types(issuer.type)).toContain('Profile')
  if ('url' in issuer) expect(isUri(issuer.url)).toBe(true)
  if ('name' in issuer) expect(isNonEmptyString(issuer.name)).toBe(true)
})

// §B.1.2 AchievementSubject: "id [0..1]: URI", "type [1..*]: ... One of the items MUST be the IRI
// 'AchievementSubject'", "achievement [1]: Achievement", "identifier [0..*]: IdentityObject";
// "Either credentialSubject.id or credentialSubject.identifier MUST be supplied."
it('credentialSubject: an AchievementSubject with an achievement and an id or an identifier', () => {
  const subject = credential.credentialSubject
  expect(types(subject.type)).toContain('AchievementSubject')
  expect(typeof subject.achievement).toBe('object')
  if ('id' in subject) expect(isUri(subject.id)).toBe(true)
  expect('id' in subject || (Array.isArray(subject.identifier) && subject.identifier.length > 0)).toBe(true)
})

// §B.1.x IdentityObject: "type [1]: MUST be the IRI 'IdentityObject'", "hashed [1]: Boolean",
// "identityHash [1]: IdentityHash (either the hash of the identity or the plaintext value; if
// hashed, the algorithm's name, '$' and the hex digest, e.g. sha256$…)", "identityType [1]:
// IdentifierTypeEnum", "salt [0..1]: String".
it('identifier: IdentityObjects, the e-mail only as a salted SHA-256', () => {
  const identifierTypes = ['name', 'sourcedId', 'systemId', 'productId', 'userName', 'accountId', 'emailAddress', 'nationalIdentityNumber', 'isbn', 'issn', 'lisSourcedId', 'oneRosterSourcedId', 'sisSourcedId', 'ltiContextId', 'ltiDeploymentId', 'ltiToolId', 'ltiPlatformId', 'ltiUserId', 'identifier']
  for (const identity of credential.credentialSubject.identifier) {
    expect(identity.type).toBe('IdentityObject')
    expect(typeof identity.hashed).toBe('boolean')
    expect(isNonEmptyString(identity.identityHash)).toBe(true)
    expect(identifierTypes.includes(identity.identityType) || /^ext:[a-z0-9._-]+$/i.test(identity.identityType)).toBe(true)
    if ('salt' in identity) expect(typeof identity.salt).toBe('string')
    if (identity.hashed) expect(identity.identityHash).toMatch(/^(sha256\$[0-9a-f]{64}|md5\$[0-9a-f]{32})$/)
  }
  const email = credential.credentialSubject.identifier.find((identity: any) => identity.identityType === 'emailAddress')
  expect(email).toMatchObject({ hashed: true, salt: expect.any(String) })
  // No e-mail address in plain text anywhere in the credential.
  expect(JSON.stringify(credential)).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/)
})

// §B.1.3 Achievement: "id [1]: URI", "type [1..*]: ... One of the items MUST be the IRI
// 'Achievement'", "criteria [1]: Criteria", "description [1]: String", "name [1]: String",
// "achievementType [0..1]: AchievementType (an enumeration, or ext:…)". Criteria: "id [0..1]: URI",
// "narrative [0..1]: Markdown"; "Either id or narrative MUST be supplied".
it('achievement: an Achievement with a URI id, a name, a description and criteria', () => {
  const achievement = credential.credentialSubject.achievement
  expect(isUri(achievement.id)).toBe(true)
  expect(types(achievement.type)).toContain('Achievement')
  expect(isNonEmptyString(achievement.name)).toBe(true)
  expect(isNonEmptyString(achievement.description)).toBe(true)
  const { criteria } = achievement
  expect(isUri(criteria.id) || isNonEmptyString(criteria.narrative)).toBe(true)
  const achievementTypes = ['Achievement', 'ApprenticeshipCertificate', 'Assessment', 'Assignment', 'AssociateDegree', 'Award', 'Badge', 'BachelorDegree', 'Certificate', 'CertificateOfCompletion', 'Certification', 'CommunityService', 'Competency', 'Course', 'CoCurricular', 'Degree', 'Diploma', 'DoctoralDegree', 'Fieldwork', 'GeneralEducationDevelopment', 'JourneymanCertificate', 'LearningProgram', 'License', 'Membership', 'ProfessionalDoctorate', 'QualityAssuranceCredential', 'MasterCertificate', 'MasterDegree', 'MicroCredential', 'ResearchDoctorate', 'SecondarySchoolDiploma']
  if ('achievementType' in achievement) {
    expect(achievementTypes.includes(achievement.achievementType) || /^ext:/.test(achievement.achievementType)).toBe(true)
  }
})

it("criteria: the course's eight modules, each by name, and the knowledge checks that must be passed", () => {
  const narrative: string = credential.credentialSubject.achievement.criteria.narrative
  const modules = h.courseStore.current().document.modules
  expect(modules).toHaveLength(8)
  for (const [index, module] of modules.entries()) {
    const check = module.knowledgeCheck?.requirePass ? ' (its knowledge check passed)' : ''
    expect(narrative).toContain(`${index + 1}. ${module.title}${check}`)
  }
})

// VC Data Model 2.0 §4.10 Status, Bitstring Status List §2.1 BitstringStatusListEntry: "id [0..1]
// URL", "type: BitstringStatusListEntry", statusPurpose, statusListIndex (an integer as a string),
// statusListCredential (a URL). Data Integrity §2.1 Proofs, EdDSA Cryptosuites §3.2 eddsa-rdfc-2022.
it('credentialStatus and proof: a BitstringStatusListEntry and an eddsa-rdfc-2022 DataIntegrityProof', () => {
  const status = credential.credentialStatus
  expect(status.type).toBe('BitstringStatusListEntry')
  expect(status.statusPurpose).toBe('revocation')
  expect(status.statusListIndex).toMatch(/^\d+$/)
  expect(isUri(status.statusListCredential)).toBe(true)
  expect(isUri(status.id)).toBe(true)
  const proof = credential.proof
  expect(proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod' })
  expect(isUri(proof.verificationMethod)).toBe(true)
  expect(proof.verificationMethod.startsWith(`${credential.issuer.id}#`)).toBe(true)
  expect(isDateTimeZ(proof.created)).toBe(true)
  expect(proof.proofValue).toMatch(/^z[1-9A-HJ-NP-Za-km-z]+$/)
})
