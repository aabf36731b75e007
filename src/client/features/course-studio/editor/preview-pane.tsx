import type { ReactNode, Ref } from 'react'
import { Link } from 'react-router'
import type { ModuleContent } from '../../../../shared/course/schema'
import type { LearnerModule } from '../../../../shared/course/api-types'
import { adminPaths } from '../../../../shared/admin-paths'
import { buttonVariants } from '../../../components/ui/button'
import { ModulePreview } from './module-preview'

type PreviewPaneProps = {
  moduleId: string
  /** The form's module when it passes the schema; nothing to preview otherwise. */
  module: ModuleContent | undefined
  renderPreview: (module: LearnerModule) => ReactNode
  headingRef: Ref<HTMLParagraphElement>
}

/** The editor's preview: a banner saying what this is, then the learner's page (or why there is none). */
export function PreviewPane({ moduleId, module, renderPreview, headingRef }: PreviewPaneProps) {
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PreviewBanner moduleId={moduleId} headingRef={headingRef} />
      {module ? (
        <ModulePreview moduleId={moduleId} module={module} renderPreview={renderPreview} />
      ) : (
        <div className="grid justify-items-center gap-3 py-10 text-center">
          <p className="font-medium">This module has errors, so it cannot be previewed.</p>
          <Link to={adminPaths.courseModule(moduleId)} className={buttonVariants({ variant: 'outline' })}>
            Fix them in the editor
          </Link>
        </div>
      )}
    </div>
  )
}

function PreviewBanner({ moduleId, headingRef }: { moduleId: string; headingRef: Ref<HTMLParagraphElement> }) {
  return (
    <div
      role="region"
      aria-labelledby="preview-banner-title"
      className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b-2 border-accent bg-accent/25 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
    >
      <p id="preview-banner-title" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        Preview — learners see this after you publish
      </p>
      <Link to={adminPaths.courseModule(moduleId)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Back to the editor
      </Link>
    </div>
  )
}
