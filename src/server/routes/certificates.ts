import { Hono } from 'hono'
import type { AuthedEnv } from '../auth/guards'
import type { AppDeps } from '../deps'
import { AppError } from '../errors'
import {
  findLearnerCertificate,
  notEarnedMessage,
  pdfNotEarnedMessage,
  credentialNotEarnedMessage,
  toCertificateResponse,
  verifyCertificate,
} from '../certificates/certificate'
import { certificateCredential } from '../credentials/certificate-credential'
import { auditContextOf } from '../middleware/audit-context'
import { certificateRenewal, NO_RENEWAL, renewCertificate } from '../services/certificate-renewal'
import type { ApiRoutes } from './api-routes'
import { REVOKED_CREDENTIAL_MESSAGE } from './credential-documents'

/**
 * The learner's own certificate (as JSON, as a PDF and as a signed Open Badges credential) and the public verification behind
 * `/verify/:id`. Mounted at `/api`, since the paths share no prefix.
 */
export function createCertificateRoutes({ db, env, guards, courseStore }: AppDeps): ApiRoutes {
  const moduleCount = () => courseStore.current().learnerCatalog.modules.length
  const routes = new Hono<AuthedEnv>()
    .get('/certificate', guards.requireUser, async (c) => {
      const row = await findLearnerCertificate(db, c.var.user.id)
      if (!row) throw new AppError('NOT_FOUND', notEarnedMessage(moduleCount()))
      return c.json(toCertificateResponse(row, await certificateRenewal(db, courseStore.current(), row), env))
    })
    .post('/certificate/renew', guards.requireUser, async (c) => {
      const row = await findLearnerCertificate(db, c.var.user.id)
      if (!row) throw new AppError('NOT_FOUND', notEarnedMessage(moduleCount()))
      const course = courseStore.current()
      const renewed = await renewCertificate(db, course, c.var.user, row, auditContextOf(c, env.trustProxy, c.var.user))
      return c.json(toCertificateResponse(renewed, await certificateRenewal(db, course, renewed), env))
    })
    .get('/certificate.pdf', guards.requireUser, async (c) => {
      const row = await findLearnerCertificate(db, c.var.user.id)
      if (!row) throw new AppError('FORBIDDEN', pdfNotEarnedMessage(moduleCount()))
      const { renderCertificatePdf } = await import('../certificates/certificate-pdf')
      const pdf = await renderCertificatePdf({ ...toCertificateResponse(row, NO_RENEWAL, env), completedAt: row.completedAt, expiresAt: row.expiresAt })
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="certificate-${row.id}.pdf"`,
        'cache-control': 'private, no-store',
      })
    })
    .get('/certificate/credential.json', guards.requireUser, async (c) => {
      const row = await findLearnerCertificate(db, c.var.user.id)
      if (!row) throw new AppError('FORBIDDEN', credentialNotEarnedMessage(moduleCount()))
      const credential = await certificateCredential(db, env, courseStore.current().document.modules, row)
      if (!credential) throw new AppError('NOT_FOUND', REVOKED_CREDENTIAL_MESSAGE)
      return c.body(JSON.stringify(credential, null, 2), 200, {
        'content-type': 'application/ld+json',
        'content-disposition': `attachment; filename="credential-${row.id}.json"`,
        'cache-control': 'private, no-store',
      })
    })
    .get('/certificates/:id', async (c) => c.json(await verifyCertificate(db, c.req.param('id'), env)))
  return { path: '/api', routes }
}
