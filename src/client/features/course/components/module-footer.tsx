import { ArrowLeft, ArrowRight, Award, PartyPopper } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { LearnerModule } from '../../../../shared/course/api-types'
import { paths } from '../../../../shared/paths'
import { buttonVariants } from '../../../components/ui/button'
import { usePrefetchModule, useProgressQuery } from '../api'
import { CompleteToggle, ToggleButton } from './complete-toggle'

type NavLinkProps = { to: string; className: string; isInert: boolean; onIntent?: () => void; children: ReactNode }

/**
 * A link of the footer. Inert in a preview: it reads and looks as a learner's does, and goes
 * nowhere (the draft's neighbours are not the pages the link would open).
 */
function FooterLink({ to, className, isInert, onIntent, children }: NavLinkProps) {
  if (isInert) {
    return (
      <a role="link" aria-disabled="true" className={`${className} cursor-default`}>
        {children}
      </a>
    )
  }
  return (
    <Link to={to} className={className} onPointerEnter={onIntent} onFocus={onIntent}>
      {children}
    </Link>
  )
}

type AdjacentProps = { moduleNumber: number; caption: string; label: string; direction: 'back' | 'next'; isInert: boolean }

/** The previous or the next module, with its name under the caption. */
function AdjacentModuleLink({ moduleNumber, caption, label, direction, isInert }: AdjacentProps) {
  const prefetch = usePrefetchModule()
  return (
    <FooterLink
      to={paths.module(moduleNumber)}
      isInert={isInert}
      onIntent={() => prefetch(moduleNumber)}
      className={`${buttonVariants({ variant: 'ghost' })} h-auto flex-col py-2 ${direction === 'back' ? 'items-start' : 'items-end'}`}
    >
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        {direction === 'back' && <ArrowLeft aria-hidden />}
        {caption}
        {direction === 'next' && <ArrowRight aria-hidden />}
      </span>
      <span className="font-semibold">{label}</span>
    </FooterLink>
  )
}

/** The last module's banner: a finish line before the course is complete, the certificate after. */
function CongratulationsBanner({ isCourseComplete }: { isCourseComplete: boolean }) {
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

function LearnerCongratulationsBanner() {
  const isCourseComplete = useProgressQuery().data?.isCourseComplete ?? false
  return <CongratulationsBanner isCourseComplete={isCourseComplete} />
}

type Props = { module: LearnerModule; preview: boolean }

/**
 * Previous and next links with the complete toggle between them. A preview reads no progress
 * and writes none: its toggle and links are inert.
 */
export function ModuleFooter({ module, preview }: Props) {
  const { previous, next } = module
  // The last module of the course: the one with nothing after it.
  const isLast = next === null

  return (
    <footer className="grid gap-4 border-t pt-6">
      {isLast && (preview ? <CongratulationsBanner isCourseComplete={false} /> : <LearnerCongratulationsBanner />)}
      <nav aria-label="Module navigation" className="grid items-center gap-4 sm:grid-cols-[1fr_auto_1fr]">
        <div className="justify-self-start">
          {previous ? (
            <AdjacentModuleLink
              moduleNumber={previous.moduleNumber}
              caption="Previous"
              label={previous.navLabel}
              direction="back"
              isInert={preview}
            />
          ) : (
            <FooterLink to={paths.dashboard} isInert={preview} className={buttonVariants({ variant: 'outline' })}>
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </FooterLink>
          )}
        </div>
        <div className="justify-self-center">
          {preview ? (
            <ToggleButton isComplete={false} moduleTitle={module.title} disabled />
          ) : (
            <CompleteToggle module={module} />
          )}
        </div>
        <div className="justify-self-end">
          {next ? (
            <AdjacentModuleLink moduleNumber={next.moduleNumber} caption="Next" label={next.navLabel} direction="next" isInert={preview} />
          ) : (
            <FooterLink to={paths.dashboard} isInert={preview} className={buttonVariants()}>
              Back to Dashboard
              <ArrowRight aria-hidden />
            </FooterLink>
          )}
        </div>
      </nav>
    </footer>
  )
}
