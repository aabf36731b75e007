import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { LearnerModule } from '../../../../shared/course/api-types'
import { adminPaths } from '../../../../shared/admin-paths'
import { ListLoadFailed, ListLoading } from '../../../components/paged-list/list-states'
import { buttonVariants } from '../../../components/ui/button'
import { adminFailure } from '../../../lib/admin-failure'
import { ApiError } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { useDraftModule } from '../api'
import { LoadedEditor } from './loaded-editor'

type ModuleEditorProps = {
  moduleId: string
  /** The editor, or the module as learners will see it (the form stays, hidden, with everything typed). */
  mode: 'edit' | 'preview'
  /** The learner's module page, from the course feature: the route composes the two. */
  renderPreview: (module: LearnerModule) => ReactNode
  /** The document title for a page of the editor (the route's pageTitle). */
  pageTitle: (page: string) => string
}

/** `/admin/course/modules/:moduleId` and its preview: loads the draft module, then edits it. */
export function ModuleEditor({ moduleId, mode, renderPreview, pageTitle }: ModuleEditorProps) {
  const draft = useDraftModule(moduleId)
  const isNotFound = draft.error instanceof ApiError && draft.error.status === 404

  useEffect(() => {
    if (draft.isError && !isNotFound) notify.error(adminFailure(draft.error, 'Failed to load the module'))
  }, [draft.isError, draft.error, isNotFound])

  if (draft.isPending) return <ListLoading label="Loading module" />
  if (isNotFound) {
    return (
      <div className="mx-auto grid max-w-4xl justify-items-center gap-3 py-10 text-center">
        <title>{pageTitle('Module not found - Admin Panel')}</title>
        <h1 className="text-2xl font-bold">Module not found</h1>
        <p className="text-muted-foreground">It is not in the draft any more: someone may have removed it.</p>
        <Link to={adminPaths.course} className={buttonVariants({ variant: 'outline' })}>
          Back to the course
        </Link>
      </div>
    )
  }
  if (draft.isError) {
    return (
      <div className="mx-auto max-w-4xl">
        <title>{pageTitle('Edit Module - Admin Panel')}</title>
        <ListLoadFailed message="Failed to load the module" onRetry={() => void draft.refetch()} />
      </div>
    )
  }
  return <LoadedEditor key={moduleId} loaded={draft.data} mode={mode} renderPreview={renderPreview} pageTitle={pageTitle} />
}
