import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey'
import type { Db } from '../db/client'
import type { Env } from '../env'
import { DID_CONTEXT, MULTIKEY_CONTEXT, refusingLoader } from './document-loader'
import { currentCredentialKey, listCredentialKeys, type CredentialKeyRecord } from './signing-key'

type IssuerEnv = Pick<Env, 'publicUrl' | 'site'>

/**
 * The portal's `did:web`: its host (a port encoded as `%3A`) and any path, as the did:web method
 * maps `https://host/path/did.json`; `https://courses.example.com` is `did:web:courses.example.com`.
 */
export function issuerDid(publicUrl: string): string {
  const url = new URL(publicUrl)
  const segments = url.pathname.split('/').filter(Boolean).map(encodeURIComponent)
  return ['did:web', encodeURIComponent(url.host), ...segments].join(':')
}

/** Where the DID document is served, relative to the public URL: `/.well-known/did.json` at a bare host. */
export const didDocumentPath = (publicUrl: string) => (new URL(publicUrl).pathname.replace(/\/+$/, '') ? '/did.json' : '/.well-known/did.json')

/** The course provider, as a credential names it (Open Badges 3.0, Profile). */
export const issuerProfile = (env: IssuerEnv) => ({
  id: issuerDid(env.publicUrl),
  type: 'Profile',
  name: env.site.tagline,
  url: env.publicUrl,
})

const verificationMethod = (did: string, key: CredentialKeyRecord) => ({
  id: `${did}#${key.id}`,
  type: 'Multikey',
  controller: did,
  publicKeyMultibase: key.publicKeyMultibase,
})

/** The DID document: every key, retired ones too, as an assertion method of the portal. */
export async function didDocument(db: Db, env: IssuerEnv) {
  const did = issuerDid(env.publicUrl)
  const methods = (await listCredentialKeys(db)).map((key) => verificationMethod(did, key))
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  }
}

/** The signing loader: the packaged contexts, and the portal's DID document and keys from its own data. */
export function issuerLoader(db: Db, env: IssuerEnv) {
  const did = issuerDid(env.publicUrl)
  return refusingLoader(async (url) => {
    if (url !== did && !url.startsWith(`${did}#`)) return undefined
    const document = await didDocument(db, env)
    if (url === did) return document
    const method = document.verificationMethod.find((candidate) => candidate.id === url)
    return method && { '@context': MULTIKEY_CONTEXT, ...method }
  })
}

/** The current key as a signer, with its verification method's id. */
export async function issuerSigner(db: Db, env: IssuerEnv) {
  const did = issuerDid(env.publicUrl)
  const key = await currentCredentialKey(db)
  const pair = await Ed25519Multikey.from({
    '@context': MULTIKEY_CONTEXT,
    ...verificationMethod(did, key),
    secretKeyMultibase: key.secretKeyMultibase,
  })
  return pair.signer()
}
