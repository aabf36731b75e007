import { useParams } from 'react-router'
import { ModuleView } from '../features/course/components/module-view'
import { ModuleEditor } from '../features/course-studio/editor/module-editor'
import { pageTitle } from '../lib/site-config'
import { useVideoPlayerDocument } from '../lib/video-player-document'
import NotFoundPage from './not-found'

/**
 * A draft module's editor (`/admin/course/modules/:moduleId`) and its preview (`…/preview`): one
 * route, so the form stays mounted, with everything typed, while the admin looks at the preview.
 * The preview is the learner's own module page, inert (docs/decisions/0041-course-editor-saves-and-leaving.md).
 */
export default function AdminCourseModulePage() {
  const { moduleId = '', '*': rest = '' } = useParams()
  // Its preview can play a Vimeo or YouTube video: loaded as a document of its own on arrival,
  // before anything is typed, so the browser lets the player in (src/client/lib/video-player-document.ts).
  useVideoPlayerDocument(true)
  if (rest !== '' && rest !== 'preview') return <NotFoundPage />
  return (
    <ModuleEditor
      moduleId={moduleId}
      mode={rest === 'preview' ? 'preview' : 'edit'}
      renderPreview={(module) => (
        <article aria-label="Preview of the module page">
          <ModuleView module={module} preview />
        </article>
      )}
      pageTitle={pageTitle}
    />
  )
}
