import { BadgeCheck, SearchX, ShieldX } from 'lucide-react'
import type { CertificateVerification } from '../../../../shared/course/api-types'
import { formatCertificateDate } from '../../../../shared/course/dates'
import { paths } from '../../../../shared/paths'
import { siteConfig } from '../../../lib/site-config'

/**
 * A real certificate: name, course and date. A deleted account's certificate is revoked and has no
 * name (docs/decisions/0037-deleted-accounts-and-certificates.md, 0091-open-badges-credential.md).
 */
export function ValidCertificate({ certificate }: { certificate: CertificateVerification }) {
  const issuedOn = formatCertificateDate(certificate.completedAt)
  const standing = standingOf(certificate)
  return (
    <div className="grid justify-items-center gap-4 text-center">
      {standing === 'valid' || standing === 'replaced' ? (
        <BadgeCheck aria-hidden className="size-14 text-success" />
      ) : (
        <ShieldX aria-hidden className="size-14 text-destructive" />
      )}
      <h1 className="text-2xl font-bold sm:text-3xl">{headings[standing]}</h1>
      <p className="text-muted-foreground">{summary(certificate, issuedOn, standing)}</p>
      <dl className="grid w-full gap-3 rounded-xl border bg-card p-5 text-left shadow-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="text-sm text-muted-foreground">Awarded to</dt>
        {certificate.recipientName === null ? (
          <dd className="text-lg text-muted-foreground italic">A deleted account</dd>
        ) : (
          <dd className="text-lg font-semibold break-words">{certificate.recipientName}</dd>
        )}
        <dt className="text-sm text-muted-foreground">Course</dt>
        <dd className="font-medium">{certificate.courseName}</dd>
        <dt className="text-sm text-muted-foreground">Completed on</dt>
        <dd className="font-medium">
          <time dateTime={certificate.completedAt}>{issuedOn}</time>
        </dd>
        <dt className="text-sm text-muted-foreground">Certificate ID</dt>
        <dd className="font-mono text-sm break-all">{certificate.id}</dd>
        {certificate.expiresAt && (
          <>
            <dt className="text-sm text-muted-foreground">{standing === 'expired' ? 'Expired on' : 'Valid until'}</dt>
            <dd className="font-medium">
              <time dateTime={certificate.expiresAt}>{formatCertificateDate(certificate.expiresAt)}</time>
            </dd>
          </>
        )}
        <dt className="text-sm text-muted-foreground">Status</dt>
        <dd className="font-medium">{statusLabels[standing]}</dd>
        {certificate.replacedBy && (
          <>
            <dt className="text-sm text-muted-foreground">Renewed as</dt>
            <dd className="font-mono text-sm break-all">
              <a href={paths.verify(certificate.replacedBy)} className="text-primary underline underline-offset-2">
                {certificate.replacedBy}
              </a>
            </dd>
          </>
        )}
      </dl>
      {certificate.credentialUrl && (
        <>
          <link rel="alternate" type="application/ld+json" href={certificate.credentialUrl} />
          <p className="text-sm text-muted-foreground">
            For verifiers and digital wallets:{' '}
            <a href={certificate.credentialUrl} className="text-primary underline underline-offset-2">
              the signed Open Badges credential (JSON)
            </a>
            .
          </p>
        </>
      )}
    </div>
  )
}

/** Revoked (the account was deleted), expired, renewed (a newer certificate replaces it), or valid. */
type Standing = 'revoked' | 'expired' | 'replaced' | 'valid'

function standingOf(certificate: CertificateVerification): Standing {
  if (certificate.isRevoked) return 'revoked'
  if (certificate.expiresAt && Date.parse(certificate.expiresAt) <= Date.now()) return 'expired'
  return certificate.replacedBy ? 'replaced' : 'valid'
}

const headings: Record<Standing, string> = {
  revoked: 'Certificate revoked',
  expired: 'Certificate expired',
  replaced: 'Certificate verified',
  valid: 'Certificate verified',
}

const statusLabels: Record<Standing, string> = { revoked: 'Revoked', expired: 'Expired', replaced: 'Valid, since renewed', valid: 'Valid' }

function summary(certificate: CertificateVerification, issuedOn: string, standing: Standing): string {
  const issuer = siteConfig.tagline
  if (standing === 'valid') return `This is a genuine certificate of completion issued by ${issuer}.`
  if (standing === 'replaced') return `This is a genuine certificate of completion issued by ${issuer}. It has since been renewed: the newer certificate is below.`
  if (standing === 'expired') return `This certificate of completion was issued by ${issuer} on ${issuedOn} and has expired.`
  const deleted = certificate.recipientName === null ? ' to an account since deleted' : ''
  return `This certificate of completion was issued by ${issuer} on ${issuedOn}${deleted} and has since been revoked.`
}

export function CertificateNotFound({ id }: { id: string }) {
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <SearchX aria-hidden className="size-14 text-destructive" />
      <h1 className="text-2xl font-bold sm:text-3xl">Certificate not found</h1>
      <p className="text-muted-foreground">
        No certificate has the ID <span className="font-mono break-all text-foreground">{id}</span>. Check that the ID
        was copied in full, exactly as it appears on the certificate.
      </p>
      <p className="text-sm text-muted-foreground">
        Still stuck? Contact{' '}
        <a href={`mailto:${siteConfig.contactEmail}`} className="text-primary underline underline-offset-2">
          {siteConfig.contactEmail}
        </a>
        .
      </p>
    </div>
  )
}
