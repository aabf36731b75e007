import { ArrowLeft, ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '../../shared/paths'
import { buttonVariants } from '../components/ui/button'
import { Card, CardContent } from '../components/ui/card'
import { useCourseQuery, useProgressQuery } from '../features/course/api'
import { CourseProgressBar } from '../features/course/components/course-progress-bar'
import { ModuleStatusList } from '../features/course/components/module-status-list'
import { ProgressLoadError, ProgressLoading } from '../features/course/components/progress-state'
import { pageTitle } from '../lib/site-config'

export default function ProgressPage() {
  const progress = useProgressQuery()
  const course = useCourseQuery()
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <title>{pageTitle('Your Progress')}</title>
      <meta name="description" content="Track your CRM course progress and continue where you left off." />
      <h1 className="text-3xl font-bold tracking-tight">Your Progress</h1>

      {progress.isPending || course.isPending ? (
        <ProgressLoading />
      ) : progress.isError || course.isError ? (
        <ProgressLoadError onRetry={() => [progress, course].forEach((query) => query.isError && void query.refetch())} />
      ) : (
        <>
          <Card>
            <CardContent className="grid gap-4 pt-6">
              <CourseProgressBar
                progress={progress.data}
                label="Course Progress"
                detail={`${progress.data.completedCount} of ${progress.data.totalModules} modules`}
              />
              <p className="text-lg font-semibold">{progress.data.percent}% complete</p>
              <div className="flex flex-wrap gap-3">
                <Link to={paths.dashboard} className={buttonVariants({ variant: 'outline' })}>
                  <ArrowLeft aria-hidden />
                  Back to Dashboard
                </Link>
                {progress.data.nextModuleNumber !== null && (
                  <Link to={paths.module(progress.data.nextModuleNumber)} className={buttonVariants()}>
                    Continue Learning
                    <ArrowRight aria-hidden />
                  </Link>
                )}
              </div>
            </CardContent>
          </Card>
          <section aria-labelledby="modules-heading" className="grid gap-3">
            <h2 id="modules-heading" className="text-xl font-semibold">
              Modules
            </h2>
            <ModuleStatusList modules={course.data.modules} progress={progress.data} />
          </section>
        </>
      )}
    </div>
  )
}
