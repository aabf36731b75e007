import { ArrowLeft, Download, ExternalLink, FileJson } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { paths } from '../../shared/paths'
import { buttonVariants } from '../components/ui/button'
import { CERTIFICATE_PDF_URL, useCertificateQuery } from '../features/certificate/api'
import { CertificateCard } from '../features/certificate/components/certificate-card'
import { CertificateRenewal } from '../features/certificate/components/certificate-renewal'
import { linkedInAddToProfileUrl } from '../features/certificate/linkedin'
import { useProgressQuery } from '../features/course/api'
import { celebrateCourse } from '../features/course/confetti'
import { CourseNotComplete } from '../features/course/components/course-not-complete'
import { ProgressLoadError, ProgressLoading } from '../features/course/components/progress-state'
import { ResetProgressButton } from '../features/course/components/reset-progress-button'
import { WhatsNext } from '../features/course/components/whats-next'
import { returningFromCompletion } from '../features/course/navigation'
import { pageTitle, siteConfig } from '../lib/site-config'

export default function CompletionPage() {
  const progress = useProgressQuery()
  const certificate = useCertificateQuery({ isEnabled: progress.isSuccess })
  const isComplete = progress.data?.isCourseComplete ?? false

  useEffect(() => (isComplete ? celebrateCourse() : undefined), [isComplete])

  const title = <title>{pageTitle(isComplete ? 'Course Complete' : 'Completion')}</title>
  if (progress.isPending || (progress.isSuccess && certificate.isPending) || (certificate.isFetching && !certificate.data)) {
    return (
      <>
        {title}
        <ProgressLoading />
      </>
    )
  }
  if (progress.isError || certificate.isError) {
    return (
      <div className="mx-auto max-w-3xl">
        {title}
        <ProgressLoadError onRetry={() => void (progress.isError ? progress.refetch() : certificate.refetch())} />
      </div>
    )
  }
  if (!isComplete || !certificate.data) {
    return (
      <div className="mx-auto max-w-3xl">
        {title}
        <CourseNotComplete progress={progress.data} certificate={certificate.data} />
      </div>
    )
  }

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-8">
      {title}
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Congratulations!</h1>
        <p className="text-lg text-muted-foreground">
          You have completed all {progress.data.totalModules} modules of {siteConfig.courseName}. Your client journey
          system is ready to run your business: {siteConfig.tagline}.
        </p>
      </header>
      <CertificateCard certificate={certificate.data} />
      <CertificateRenewal certificate={certificate.data} />
      <div className="flex flex-wrap justify-center gap-3">
        <a href={CERTIFICATE_PDF_URL} download className={buttonVariants({ size: 'lg' })}>
          <Download aria-hidden />
          Download Certificate
        </a>
        <a href={paths.certificateCredential} download className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          <FileJson aria-hidden />
          Download credential (.json)
        </a>
        <a
          href={linkedInAddToProfileUrl(certificate.data)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ size: 'lg', variant: 'outline' })}
        >
          <ExternalLink aria-hidden />
          Add to LinkedIn
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Link to={paths.dashboard} state={returningFromCompletion} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          <ArrowLeft aria-hidden />
          Return to Dashboard
        </Link>
      </div>
      <WhatsNext />
      <section aria-labelledby="start-over-heading" className="grid justify-items-center gap-3 border-t pt-6 text-center">
        <h2 id="start-over-heading" className="font-semibold">
          Want to take the course again?
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Resetting clears every module so you can work through them from the start. Your certificate stays valid.
        </p>
        <ResetProgressButton />
      </section>
    </div>
  )
}
