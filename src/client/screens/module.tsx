import { useEffect } from 'react'
import { useParams } from 'react-router'
import { isModuleLocked, useModuleQuery } from '../features/course/api'
import { ModuleBreadcrumbs } from '../features/course/components/breadcrumbs'
import { ModuleLocked } from '../features/course/components/module-locked'
import { ModuleView } from '../features/course/components/module-view'
import { ProgressLoadError, ProgressLoading } from '../features/course/components/progress-state'
import { isModuleNumber } from '../../shared/paths'
import { pageTitle } from '../lib/site-config'
import NotFoundPage from './not-found'

/** The published module at `moduleNumber`; past the end of the course, the 404 page. */
function PublishedModule({ moduleNumber }: { moduleNumber: number }) {
  const module = useModuleQuery(moduleNumber)

  if (module.isPending || module.isError) {
    return (
      <div className="mx-auto max-w-4xl">
        <title>{pageTitle(`Module ${moduleNumber}`)}</title>
        {module.isPending ? (
          <ProgressLoading label="Loading the module" />
        ) : isModuleLocked(module.error) ? (
          <ModuleLocked moduleNumber={moduleNumber} reason={module.error.message} />
        ) : (
          <ProgressLoadError title="We couldn’t load this module" onRetry={() => void module.refetch()} />
        )}
      </div>
    )
  }
  if (!module.data) return <NotFoundPage />
  const { title } = module.data
  return (
    <article className="mx-auto grid max-w-4xl gap-8">
      <title>{pageTitle(`Module ${moduleNumber}: ${title}`)}</title>
      <ModuleBreadcrumbs current={`Module ${moduleNumber}: ${title}`} />
      <ModuleView module={module.data} />
    </article>
  )
}

export default function ModulePage() {
  const { moduleNumber = '' } = useParams()

  // Moving between modules keeps this screen mounted: start each module at its top.
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [moduleNumber])

  // As the server's routes: digits, no leading zero (src/shared/paths.ts).
  if (!isModuleNumber(moduleNumber)) return <NotFoundPage />
  return <PublishedModule moduleNumber={Number(moduleNumber)} />
}
