import type { CertificateResponse } from '../../../shared/course/api-types'

/**
 * LinkedIn's add-to-profile link, prefilled as a licence or certification: the course, the
 * provider, the month and year of issue (UTC, so the server's render and the browser's agree),
 * the certificate's id and its verify page; and when it expires, the month and year it does.
 */
export function linkedInAddToProfileUrl(certificate: CertificateResponse): string {
  const issued = new Date(certificate.completedAt)
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseName,
    organizationName: certificate.tagline,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificate.verifyUrl,
    certId: certificate.id,
  })
  if (certificate.renewal.expiresAt) {
    const expires = new Date(certificate.renewal.expiresAt)
    params.set('expirationYear', String(expires.getUTCFullYear()))
    params.set('expirationMonth', String(expires.getUTCMonth() + 1))
  }
  return `https://www.linkedin.com/profile/add?${params}`
}
