import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { paths } from '../../shared/paths'
import { Button, buttonVariants } from '../components/ui/button'
import { Spinner } from '../components/ui/spinner'
import { fetchVerification, type VerificationResult } from '../features/certificate/api'
import { CertificateNotFound, ValidCertificate } from '../features/certificate/components/verification-result'
import { errorMessage } from '../lib/api-client'
import { siteConfig } from '../lib/site-config'

type Outcome = VerificationResult | { status: 'error'; message: string }

/** Public certificate verification: anyone with the link sees name, course and date. */
export default function VerifyPage() {
  const { certificateId = '' } = useParams()
  const [attempt, setAttempt] = useState(0)
  const requestKey = `${attempt}:${certificateId}`
  // The outcome of the latest request; anything older means the current one is still loading.
  const [outcome, setOutcome] = useState<{ key: string; result: Outcome } | null>(null)
  const state = outcome?.key === requestKey ? outcome.result : { status: 'loading' as const }

  useEffect(() => {
    const controller = new AbortController()
    const settle = (result: Outcome) => setOutcome({ key: requestKey, result })
    fetchVerification(certificateId, controller.signal).then(settle, (error: unknown) => {
      if ((error as Error).name !== 'AbortError') {
        settle({ status: 'error', message: errorMessage(error, 'The certificate could not be checked.') })
      }
    })
    return () => controller.abort()
  }, [certificateId, requestKey])

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 bg-secondary px-4 py-12">
      <title>{`Verify Certificate - ${siteConfig.shortName}`}</title>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">
        {siteConfig.courseName} · Certificate verification
      </p>
      <div aria-live="polite" className="w-full max-w-xl">
        {state.status === 'loading' && (
          <div className="flex justify-center">
            <Spinner label="Checking the certificate" className="[&_svg]:size-8" />
          </div>
        )}
        {state.status === 'valid' && <ValidCertificate certificate={state.certificate} />}
        {state.status === 'not-found' && <CertificateNotFound id={certificateId} />}
        {state.status === 'error' && (
          <div className="grid justify-items-center gap-4 text-center">
            <h1 className="text-2xl font-bold">We couldn’t check this certificate</h1>
            <p className="text-muted-foreground">{state.message}</p>
            <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              Try Again
            </Button>
          </div>
        )}
      </div>
      <Link to={paths.home} className={buttonVariants({ variant: 'link' })}>
        {siteConfig.tagline}: about the course
      </Link>
    </main>
  )
}
