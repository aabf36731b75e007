import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import type { CertificateResponse } from '../../../../shared/course/api-types'
import type { ProgressSummary } from '../../../../shared/course/progress'
import { paths } from '../../../../shared/paths'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { CourseProgressBar } from './course-progress-bar'

type Props = { progress: ProgressSummary; certificate: CertificateResponse | null | undefined }

/** The Completion page before every module of the course is done (after a reset, or a new module). */
export function CourseNotComplete({ progress, certificate }: Props) {
  const remaining = progress.totalModules - progress.completedCount
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Almost there
        </CardTitle>
        <CardDescription className="text-base">
          You have {remaining} {remaining === 1 ? 'module' : 'modules'} left. Complete all {progress.totalModules} to earn
          your certificate of completion.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <CourseProgressBar
          progress={progress}
          label="Course Progress"
          detail={`${progress.completedCount} of ${progress.totalModules} completed`}
        />
        {certificate && (
          <p className="text-sm text-muted-foreground">
            The certificate you earned earlier stays valid:{' '}
            <a href={certificate.verifyUrl} className="text-primary underline underline-offset-2">
              certificate {certificate.id}
            </a>
            .
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {progress.nextModuleNumber !== null && (
            <Link to={paths.module(progress.nextModuleNumber)} className={buttonVariants()}>
              Continue Learning
              <ArrowRight aria-hidden />
            </Link>
          )}
          <Link to={paths.dashboard} className={buttonVariants({ variant: 'outline' })}>
            Back to Dashboard
          </Link>
        </div>
      </CardContent>
    </Card>
  )
}
