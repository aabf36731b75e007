import { LockKeyhole } from 'lucide-react'
import { Link } from 'react-router'
import type { CatalogModule, KnowledgeCheckSummary } from '../../../../shared/course/api-types'
import { moduleState, type ProgressSummary } from '../../../../shared/course/progress'
import { lockSentence } from '../../../../shared/course/schedule'
import { paths } from '../../../../shared/paths'
import { cn } from '../../../lib/utils'
import { useKnowledgeChecksQuery, usePrefetchModule } from '../api'
import { useModuleLocks } from '../schedule'
import { ModuleStateBadge } from './module-state-badge'

/** The card's line about the module's knowledge check: not taken, passed or not, with the best score. */
function quizLine(summary: KnowledgeCheckSummary): string {
  if (summary.attempts === 0 || summary.bestScore === null) return 'Knowledge check: not taken'
  return `Knowledge check: ${summary.passed ? 'passed' : 'not passed'} ${summary.bestScore} %`
}

/** One card per module, each linking to its page, with its state. */
export function ModuleCardList({ modules, progress }: { modules: readonly CatalogModule[]; progress: ProgressSummary }) {
  const prefetch = usePrefetchModule()
  // The server renders the dashboard with these too (src/server/pages/signed-in-pages.ts).
  const quizzes = useKnowledgeChecksQuery()
  const quizByModule = new Map(quizzes.data?.map((summary) => [summary.moduleId, summary]))
  const locks = useModuleLocks()
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {modules.map((module) => {
        const state = moduleState(progress, module.moduleNumber)
        const quiz = quizByModule.get(module.id)
        // Still a link: the module's page says why it is locked (docs/decisions/0090-course-schedule.md).
        const lock = locks.get(module.moduleNumber)
        return (
          <li key={module.id}>
            <Link
              to={paths.module(module.moduleNumber)}
              onPointerEnter={() => lock || prefetch(module.moduleNumber)}
              onFocus={() => lock || prefetch(module.moduleNumber)}
              className={cn(
                'flex h-full flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary/40 hover:bg-muted',
                state === 'in-progress' && !lock && 'border-accent',
                lock && 'border-dashed bg-muted/40',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-muted-foreground">Module {module.moduleNumber}</span>
                {lock ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-foreground">
                    <LockKeyhole aria-hidden className="size-3.5" />
                    Locked
                  </span>
                ) : (
                  <ModuleStateBadge state={state} />
                )}
              </span>
              <span className="text-lg leading-snug font-semibold">{module.title}</span>
              {lock && <span className="text-sm font-medium text-foreground">{lockSentence(lock)}</span>}
              <span className="text-sm text-muted-foreground">{module.description}</span>
              {quiz && (
                <span
                  className={cn(
                    'text-sm font-medium',
                    quiz.passed ? 'text-success' : quiz.attempts > 0 ? 'text-destructive' : 'text-muted-foreground',
                  )}
                >
                  {quizLine(quiz)}
                </span>
              )}
              <span className="mt-auto pt-2 text-xs text-muted-foreground">
                {module.lessonsCount} {module.lessonsCount === 1 ? 'lesson' : 'lessons'} · {module.minutes} min
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
