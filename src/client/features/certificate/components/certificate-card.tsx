import { Award } from 'lucide-react'
import type { CertificateResponse } from '../../../../shared/course/api-types'
import { certificateCompletedLine } from '../../../../shared/course/certificate-wording'
import { formatCertificateDate } from '../../../../shared/course/dates'

/** The certificate of completion as the page shows it (the PDF carries the same facts). */
export function CertificateCard({ certificate }: { certificate: CertificateResponse }) {
  return (
    <figure
      aria-labelledby="certificate-title"
      className="rounded-xl border-4 border-primary bg-card p-2 shadow-sm"
    >
      <div className="grid justify-items-center gap-3 rounded-lg border border-accent px-4 py-8 text-center sm:px-10">
        <Award aria-hidden className="size-12 text-accent-foreground" />
        <h2 id="certificate-title" className="text-xl font-bold tracking-widest text-primary uppercase sm:text-2xl">
          Certificate of Completion
        </h2>
        <p className="text-muted-foreground italic">This certifies that</p>
        <p className="font-serif text-3xl font-bold break-words sm:text-4xl">{certificate.recipientName}</p>
        <p className="text-muted-foreground">{certificateCompletedLine(certificate.moduleCount)}</p>
        <p className="text-xl font-semibold text-primary">{certificate.courseName}</p>
        <p className="text-accent-foreground italic">{certificate.tagline}</p>
        <p className="mt-2">
          Completed on <time dateTime={certificate.completedAt}>{formatCertificateDate(certificate.completedAt)}</time>
        </p>
        {certificate.renewal.expiresAt && (
          <p>
            {certificate.renewal.isExpired ? 'Expired on' : 'Valid until'}{' '}
            <time dateTime={certificate.renewal.expiresAt}>{formatCertificateDate(certificate.renewal.expiresAt)}</time>
          </p>
        )}
        <figcaption className="mt-4 grid gap-1 text-sm text-muted-foreground">
          <span>
            Certificate ID: <span className="font-mono text-foreground">{certificate.id}</span>
          </span>
          <span>
            Verify at{' '}
            <a href={certificate.verifyUrl} className="break-all text-primary underline underline-offset-2">
              {certificate.verifyUrl}
            </a>
          </span>
        </figcaption>
      </div>
    </figure>
  )
}
