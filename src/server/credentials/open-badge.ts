import { createHash, randomBytes } from 'node:crypto'
import { DataIntegrityProof } from '@digitalbazaar/data-integrity'
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite'
import { issue } from '@digitalbazaar/vc'
import { paths } from '../../shared/paths'
import type { Course } from '../../shared/course/schema'
import type { Db } from '../db/client'
import type { Env } from '../env'
import { CREDENTIALS_CONTEXT, OPEN_BADGES_CONTEXT } from './document-loader'
import { issuerLoader, issuerProfile, issuerSigner } from './issuer'
import { statusEntry } from './status-list'

type CredentialEnv = Pick<Env, 'publicUrl' | 'site' | 'absoluteUrl'>

/** What the credential states about one certificate. */
export type CredentialFacts = {
  certificateId: string
  recipientName: string
  email: string
  completedAt: Date
  /** When the certificate expires; null when it does not (docs/decisions/0094-certificate-renewal.md). */
  expiresAt?: Date | null
  statusIndex: number
  /** The published course's modules at signing, in order. */
  modules: Course['modules']
}

/** `2026-11-28T04:00:00Z`: an XML Schema dateTime, in UTC, whole seconds. */
export const xsdDateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * Open Badges 3.0's salted hash of an identity (IdentityObject.identityHash): the algorithm, '$',
 * and the hex SHA-256 of the value followed by the salt. E-mail addresses compare lower-cased.
 */
export const hashedIdentity = (value: string, salt: string) =>
  `sha256$${createHash('sha256').update(value + salt).digest('hex')}`

/** What the course asks for, in words: every module, and which knowledge checks must be passed. */
export function criteriaNarrative(modules: Course['modules']): string {
  const lines = modules.map((module, index) => {
    const check = module.knowledgeCheck?.requirePass ? ' (its knowledge check passed)' : ''
    return `${index + 1}. ${module.title}${check}`
  })
  return [`Completed all ${modules.length} modules of the course:`, ...lines].join('\n')
}

/** The unsigned OpenBadgeCredential of a certificate (docs/decisions/0091-open-badges-credential.md). */
export function openBadgeCredential(facts: CredentialFacts, env: CredentialEnv, salt = randomBytes(16).toString('hex')) {
  const verifyUrl = env.absoluteUrl(paths.verify(facts.certificateId))
  const issuedOn = xsdDateTime(facts.completedAt)
  return {
    '@context': [CREDENTIALS_CONTEXT, OPEN_BADGES_CONTEXT],
    id: verifyUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: issuerProfile(env),
    validFrom: issuedOn,
    ...(facts.expiresAt ? { validUntil: xsdDateTime(facts.expiresAt) } : {}),
    name: `${env.site.courseName}: certificate of completion`,
    credentialSubject: {
      type: ['AchievementSubject'],
      // The spec's places for who the learner is: the e-mail only hashed, the name as printed.
      identifier: [
        {
          type: 'IdentityObject',
          identityHash: hashedIdentity(facts.email.toLowerCase(), salt),
          identityType: 'emailAddress',
          hashed: true,
          salt,
        },
        { type: 'IdentityObject', identityHash: facts.recipientName, identityType: 'name', hashed: false },
      ],
      achievement: {
        id: env.absoluteUrl(paths.home),
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: env.site.courseName,
        description: `${env.site.tagline}: the ${env.site.courseName}, ${facts.modules.length} modules of video lessons, step-by-step guides and knowledge checks.`,
        criteria: { narrative: criteriaNarrative(facts.modules) },
      },
    },
    credentialStatus: statusEntry(env, facts.statusIndex),
  }
}

/** Signs a credential with the current key: a Data Integrity proof, eddsa-rdfc-2022. */
export async function signCredential(db: Db, env: CredentialEnv, credential: Record<string, unknown>, now = new Date()) {
  const suite = new DataIntegrityProof({ signer: await issuerSigner(db, env), cryptosuite: eddsaRdfc2022, date: now })
  return issue({ credential: structuredClone(credential), suite, documentLoader: issuerLoader(db, env), now })
}
