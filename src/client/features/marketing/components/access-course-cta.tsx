import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '../../../../shared/paths'
import { buttonVariants } from '../../../components/ui/button-variants'
import { useCourseFacts } from '../../../lib/course-facts'

export function AccessCourseCta() {
  const { firstModuleMinutes } = useCourseFacts()
  return (
    <section aria-labelledby="access-heading" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-3xl bg-secondary px-6 py-12 text-center sm:px-12">
        <h2 id="access-heading" className="text-3xl font-bold tracking-tight text-balance">
          Your First Module Takes {firstModuleMinutes} Minutes
        </h2>
        <p className="max-w-xl text-lg text-pretty text-muted-foreground">
          Sign in with the details from your welcome e-mail. Your progress is saved as you go, on any device.
        </p>
        <Link to={paths.dashboard} className={buttonVariants({ size: 'lg', className: 'w-full sm:w-auto' })}>
          Access Your Course
          <ArrowRight aria-hidden />
        </Link>
      </div>
    </section>
  )
}
