import { useEffect, type ReactNode } from 'react'
import type { LearnerModule } from '../../../../shared/course/api-types'
import type { ModuleContent } from '../../../../shared/course/schema'
import { ListLoadFailed, ListLoading } from '../../../components/paged-list/list-states'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { usePreviewModule } from '../api'

type ModulePreviewProps = {
  moduleId: string
  /** The module as the editor holds it, saved or not. */
  module: ModuleContent
  renderPreview: (module: LearnerModule) => ReactNode
}

/** The module rendered by the server exactly as a learner would get it, then shown with the learner's own page. */
export function ModulePreview({ moduleId, module, renderPreview }: ModulePreviewProps) {
  const preview = usePreviewModule(moduleId, module)

  useEffect(() => {
    if (preview.isError) notify.error(adminFailure(preview.error, 'Failed to load the preview'))
  }, [preview.isError, preview.error])

  if (preview.isPending) return <ListLoading label="Loading preview" />
  if (preview.isError) return <ListLoadFailed message="Failed to load the preview" onRetry={() => void preview.refetch()} />
  return renderPreview(preview.data)
}
