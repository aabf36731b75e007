import { useParams } from 'react-router'
import { ModuleEditor } from '../features/course-studio/editor/module-editor'
import { pageTitle } from '../lib/site-config'
import NotFoundPage from './not-found'

/**
 * A draft module's editor (`/admin/course/modules/:moduleId`) and its preview (`…/preview`): one
 * route, so the form stays mounted, with everything typed, while the admin looks at the preview.
 */
export default function AdminCourseModulePage() {
  const { moduleId = '', '*': rest = '' } = useParams()
  if (rest !== '' && rest !== 'preview') return <NotFoundPage />
  return (
    <ModuleEditor
      moduleId={moduleId}
      mode={rest === 'preview' ? 'preview' : 'edit'}
      renderPreview={(module) => <h1 className="text-2xl font-bold">{module.title}</h1>}
      pageTitle={pageTitle}
    />
  )
}
