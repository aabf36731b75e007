import { ArrowRight, Award } from 'lucide-react'
import { Link, Navigate, useLocation } from 'react-router'
import { dashboardShowsCompletion } from '../../shared/landing'
import { paths } from '../../shared/paths'
import { buttonVariants } from '../components/ui/button'
import { Card, CardContent } from '../components/ui/card'
import { useCourseQuery, useProgressQuery } from '../features/course/api'
import { CourseProgressBar } from '../features/course/components/course-progress-bar'
import { ModuleCardList } from '../features/course/components/module-card-list'
import { NeedHelpCard } from '../features/course/components/need-help-card'
import { ProgressLoadError, ProgressLoading } from '../features/course/components/progress-state'
import { StatCards } from '../features/course/components/stat-cards'
import type { DashboardState } from '../features/course/navigation'
import { useAuth } from '../lib/auth'
import { pageTitle, siteConfig } from '../lib/site-config'

export default function DashboardPage() {
  const progress = useProgressQuery()
  const course = useCourseQuery()
  const { profile } = useAuth()
  const location = useLocation()
  const isReturningFromCompletion = Boolean((location.state as DashboardState | null)?.isReturningFromCompletion)
  const firstName = profile?.fullName?.split(' ')[0]

  // Every module done sends the learner to Completion, unless they just came from there (docs/spec.md, the module page).
  if (progress.data && dashboardShowsCompletion(progress.data, isReturningFromCompletion)) {
    return <Navigate to={paths.completion} replace />
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <title>{pageTitle('Course Dashboard')}</title>
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Course Dashboard</h1>
        <p className="text-muted-foreground">
          {firstName ? `Welcome back, ${firstName}. ` : ''}
          {siteConfig.courseName}: {siteConfig.tagline}.
        </p>
      </header>

      {progress.isPending || course.isPending ? (
        <ProgressLoading />
      ) : progress.isError || course.isError ? (
        <ProgressLoadError onRetry={() => [progress, course].forEach((query) => query.isError && void query.refetch())} />
      ) : (
        <>
          <StatCards progress={progress.data} />
          <Card>
            <CardContent className="grid gap-5 pt-6">
              <CourseProgressBar
                progress={progress.data}
                label="Your Course Progress"
                detail={`${progress.data.completedCount} of ${progress.data.totalModules} completed`}
              />
              <div>
                {progress.data.nextModuleNumber === null ? (
                  <Link to={paths.completion} className={buttonVariants({ size: 'lg' })}>
                    <Award aria-hidden />
                    View Your Certificate
                  </Link>
                ) : (
                  <Link to={paths.module(progress.data.nextModuleNumber)} className={buttonVariants({ size: 'lg' })}>
                    {progress.data.completedCount === 0 ? 'Start Learning' : 'Continue Learning'}
                    <ArrowRight aria-hidden />
                  </Link>
                )}
              </div>
            </CardContent>
          </Card>
          <section aria-labelledby="modules-heading" className="grid gap-4">
            <h2 id="modules-heading" className="text-2xl font-semibold">
              Course Modules
            </h2>
            <ModuleCardList modules={course.data.modules} progress={progress.data} />
          </section>
        </>
      )}
      {/* Not under the loading placeholder: the loaded dashboard would push it down (layout shift). */}
      {!progress.isPending && !course.isPending && <NeedHelpCard />}
    </div>
  )
}
