import { ArrowLeft, ArrowRight, Award, PartyPopper } from 'lucide-react'
import { Link } from 'react-router'
import { MODULE_COUNT } from '../../../../shared/course/catalog'
import type { CourseModule } from '../../../../shared/course/content'
import { moduleContents } from '../../../../shared/course/content'
import { paths } from '../../../../shared/paths'
import { buttonVariants } from '../../../components/ui/button'
import { useProgressQuery } from '../api'
import { CompleteToggle } from './complete-toggle'

/** The previous or the next module, with its name under the caption. */
function AdjacentModuleLink({ to, caption, label, direction }: { to: string; caption: string; label: string; direction: 'back' | 'next' }) {
  return (
    <Link
      to={to}
      className={`${buttonVariants({ variant: 'ghost' })} h-auto flex-col py-2 ${direction === 'back' ? 'items-start' : 'items-end'}`}
    >
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        {direction === 'back' && <ArrowLeft aria-hidden />}
        {caption}
        {direction === 'next' && <ArrowRight aria-hidden />}
      </span>
      <span className="font-semibold">{label}</span>
    </Link>
  )
}

/** Module 8's banner: a finish line before the course is complete, the certificate after. */
function CongratulationsBanner() {
  const isCourseComplete = useProgressQuery().data?.isCourseComplete ?? false
  return (
    <section
      aria-labelledby="congratulations-heading"
      className="flex flex-col gap-3 rounded-xl border border-accent bg-accent/20 p-5 sm:flex-row sm:items-center"
    >
      <PartyPopper aria-hidden className="size-8 shrink-0 text-accent-foreground" />
      <div className="grid flex-1 gap-1">
        <h2 id="congratulations-heading" className="text-lg font-semibold">
          Congratulations!
        </h2>
        <p>
          {isCourseComplete
            ? 'You have completed every module of the course. Your certificate of completion is ready.'
            : 'You have reached the final module. Mark every module complete to finish the course and earn your certificate of completion.'}
        </p>
      </div>
      {isCourseComplete && (
        <Link to={paths.completion} className={buttonVariants()}>
          <Award aria-hidden />
          View Certificate
        </Link>
      )}
    </section>
  )
}

/** Previous and next links with the complete toggle between them. */
export function ModuleFooter({ module }: { module: CourseModule }) {
  const previous = moduleContents[module.moduleNumber - 2]
  const next = moduleContents[module.moduleNumber]
  const isLast = module.moduleNumber === MODULE_COUNT

  return (
    <footer className="grid gap-4 border-t pt-6">
      {isLast && <CongratulationsBanner />}
      <nav aria-label="Module navigation" className="grid items-center gap-4 sm:grid-cols-[1fr_auto_1fr]">
        <div className="justify-self-start">
          {previous ? (
            <AdjacentModuleLink to={paths.module(previous.moduleNumber)} caption="Previous" label={previous.navLabel} direction="back" />
          ) : (
            <Link to={paths.dashboard} className={buttonVariants({ variant: 'outline' })}>
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          )}
        </div>
        <div className="justify-self-center">
          <CompleteToggle moduleNumber={module.moduleNumber} moduleTitle={module.title} />
        </div>
        <div className="justify-self-end">
          {next ? (
            <AdjacentModuleLink to={paths.module(next.moduleNumber)} caption="Next" label={next.navLabel} direction="next" />
          ) : (
            <Link to={paths.dashboard} className={buttonVariants()}>
              Back to Dashboard
              <ArrowRight aria-hidden />
            </Link>
          )}
        </div>
      </nav>
    </footer>
  )
}
