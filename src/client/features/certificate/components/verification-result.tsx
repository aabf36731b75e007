import { BadgeCheck, SearchX, ShieldX } from 'lucide-react'
import type { CertificateVerification } from '../../../../shared/course/api-types'
import { formatCertificateDate } from '../../../../shared/course/dates'
import { siteConfig } from '../../../lib/site-config'

/**
 * A real certificate: name, course and date. A deleted account's certificate is revoked and has no
 * name (docs/decisions/0037-deleted-accounts-and-certificates.md, 0091-open-badges-credential.md).
 */
export function ValidCertificate({ certificate }: { certificate: CertificateVerification }) {
  const issuedOn = formatCertificateDate(certificate.completedAt)
  return (
    <div className="grid justify-items-center gap-4 text-center">
      {certificate.isRevoked ? (
        <ShieldX aria-hidden className="size-14 text-destructive" />
      ) : (
        <BadgeCheck aria-hidden className="size-14 text-success" />
      )}
      <h1 className="text-2xl font-bold sm:text-3xl">{certificate.isRevoked ? 'Certificate revoked' : 'Certificate verified'}</h1>
      <p className="text-muted-foreground">{summary(certificate, issuedOn)}</p>
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
        <dt className="text-sm text-muted-foreground">Status</dt>
        <dd className="font-medium">{certificate.isRevoked ? 'Revoked' : 'Valid'}</dd>
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

function summary(certificate: CertificateVerification, issuedOn: string): string {
  if (!certificate.isRevoked) return `This is a genuine certificate of completion issued by ${siteConfig.tagline}.`
  const deleted = certificate.recipientName === null ? ' to an account since deleted' : ''
  return `This certificate of completion was issued by ${siteConfig.tagline} on ${issuedOn}${deleted} and has since been revoked.`
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
