import { BookOpen, Clock } from 'lucide-react'
import type { LearnerModule } from '../../../../shared/course/api-types'
import { RichText } from '../../../components/ui/rich-text'

/** The numbered header: module number, title, lesson count and duration. */
export function ModuleHeader({ module }: { module: LearnerModule }) {
  return (
    <header className="grid gap-3">
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground"
        >
          {module.moduleNumber}
        </span>
        <div>
          <p className="text-sm font-medium text-muted-foreground">Module {module.moduleNumber}</p>
          <h1 className="text-2xl leading-tight font-bold tracking-tight sm:text-3xl">
            <span className="sr-only">Module {module.moduleNumber}: </span>
            {module.title}
          </h1>
        </div>
      </div>
      <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <BookOpen aria-hidden className="size-4" />
          {module.lessonsCount} {module.lessonsCount === 1 ? 'lesson' : 'lessons'}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden className="size-4" />
          {module.minutes} minutes
        </span>
      </p>
      <RichText value={module.introduction} as="p" className="max-w-3xl text-lg" />
    </header>
  )
}
