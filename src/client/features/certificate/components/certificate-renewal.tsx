import { RefreshCw } from 'lucide-react'
import { Link } from 'react-router'
import type { CertificateResponse } from '../../../../shared/course/api-types'
import { formatCertificateDate } from '../../../../shared/course/dates'
import { paths } from '../../../../shared/paths'
import { Button } from '../../../components/ui/button'
import { useRenewCertificate } from '../api'

/**
 * Renewal on the Completion page, in a certificate's last 30 days and after it has expired: which
 * knowledge checks to pass again, then the button (docs/decisions/0094-certificate-renewal.md).
 */
export function CertificateRenewal({ certificate }: { certificate: CertificateResponse }) {
  const renew = useRenewCertificate()
  const { renewal } = certificate
  if (!renewal.expiresAt || !renewal.isOpen) return null
  const expiry = formatCertificateDate(renewal.expiresAt)
  const toPass = renewal.modulesToPass
  return (
    <section aria-labelledby="renewal-heading" className="grid justify-items-center gap-3 rounded-xl border bg-card p-6 text-center shadow-sm">
      <h2 id="renewal-heading" className="text-xl font-semibold">
        Renew your certificate
      </h2>
      <p className="max-w-prose text-muted-foreground">
        {renewal.isExpired ? `Your certificate expired on ${expiry}.` : `Your certificate expires on ${expiry}.`} To renew it,
        show you still know the course: pass its knowledge checks again.
      </p>
      {toPass.length > 0 ? (
        <div className="grid justify-items-center gap-2">
          <p className="font-medium">Still to pass again:</p>
          <ul className="flex flex-wrap justify-center gap-2">
            {toPass.map((moduleNumber) => (
              <li key={moduleNumber}>
                <Link to={paths.module(moduleNumber)} className="text-primary underline underline-offset-2">
                  Module {moduleNumber}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <Button size="lg" onClick={() => renew.mutate()} disabled={renew.isPending}>
          <RefreshCw aria-hidden />
          {renew.isPending ? 'Renewing...' : 'Renew Certificate'}
        </Button>
      )}
    </section>
  )
}
