import { Link } from 'react-router'
import type { CatalogModule } from '../../../../shared/course/api-types'
import { moduleState, type ProgressSummary } from '../../../../shared/course/progress'
import { paths } from '../../../../shared/paths'
import { ModuleStateBadge } from './module-state-badge'

/** Every module with its state, as a compact list for the Progress page. */
export function ModuleStatusList({ modules, progress }: { modules: readonly CatalogModule[]; progress: ProgressSummary }) {
  return (
    <ol className="divide-y rounded-xl border bg-card">
      {modules.map((module) => (
        <li key={module.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4">
          <Link to={paths.module(module.moduleNumber)} className="font-medium hover:underline">
            Module {module.moduleNumber}: {module.title}
          </Link>
          <span className="flex items-center gap-3 text-sm text-muted-foreground">
            {module.minutes} min
            <ModuleStateBadge state={moduleState(progress, module.moduleNumber)} />
          </span>
        </li>
      ))}
    </ol>
  )
}
