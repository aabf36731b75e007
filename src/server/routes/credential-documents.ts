import type { Context, Hono } from 'hono'
import { CERTIFICATE_NOT_FOUND_MESSAGE, findCertificate } from '../certificates/certificate'
import { certificateCredential } from '../credentials/certificate-credential'
import { didDocument, didDocumentPath } from '../credentials/issuer'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'

export const REVOKED_CREDENTIAL_MESSAGE = 'This certificate was revoked: it has no credential any more.'

const LINKED_DATA = 'application/ld+json'

/** Asks for JSON-LD rather than the page: `Accept: application/ld+json` (or the VC media type). */
const wantsLinkedData = (accept = '') =>
  !accept.includes('text/html') && ['application/ld+json', 'application/vc+ld+json', 'application/vc'].some((type) => accept.includes(type))

/**
 * The documents outside verifiers read beside the pages: the issuer's DID document (its public
 * keys) and a certificate's signed credential at `/verify/:id.json`, or at `/verify/:id` asked
 * for as JSON-LD (docs/decisions/0091-open-badges-credential.md).
 */
export function serveCredentialDocuments(app: Hono, { db, env, courseStore }: AppDeps) {
  const modules = () => courseStore.current().document.modules

  app.get(didDocumentPath(env.publicUrl), async (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.body(JSON.stringify(await didDocument(db, env)), 200, { 'content-type': 'application/did+ld+json' })
  })

  const answer = async (c: Context, id: string) => {
    const row = await findCertificate(db, id)
    if (!row) throw new AppError('NOT_FOUND', CERTIFICATE_NOT_FOUND_MESSAGE)
    const credential = await certificateCredential(db, env, modules(), row)
    if (!credential) throw new AppError('NOT_FOUND', REVOKED_CREDENTIAL_MESSAGE)
    c.header('Vary', 'Accept')
    c.header('Cache-Control', 'no-cache')
    return c.body(JSON.stringify(credential, null, 2), 200, { 'content-type': LINKED_DATA })
  }

  app.get('/verify/:file{.+\\.json}', (c) => answer(c, c.req.param('file').slice(0, -'.json'.length)))
  app.get('/verify/:id', async (c, next) => {
    if (!wantsLinkedData(c.req.header('accept'))) {
      c.header('Vary', 'Accept')
      return next()
    }
    return answer(c, c.req.param('id'))
  })
}
