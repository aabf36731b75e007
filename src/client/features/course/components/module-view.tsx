import type { LearnerModule } from '../../../../shared/course/api-types'
import { useVideoPlayerDocument } from '../../../lib/video-player-document'
import { KnowledgeCheckCard } from '../knowledge-check/knowledge-check-card'
import { LessonCard } from './lesson-card'
import { ModuleFooter } from './module-footer'
import { ModuleGuide } from './module-guide'
import { ModuleHeader } from './module-header'
import { ModuleNotes } from './module-notes'

type Props = {
  module: LearnerModule
  /**
   * The admin's preview of a draft: everything renders as a learner will see it, but the toggle and
   * the links to other modules are inert (no navigation, no progress read or written). Saying that
   * it is a preview is the page's job, not this one's.
   */
  preview?: boolean
}

/**
 * A module page's body, as learners read it: the header, the lessons with their videos, the guide,
 * the notes and the footer. The module page renders the published module through it, and the
 * admin's preview renders a draft through the same component, so the preview is what learners get.
 */
export function ModuleView({ module, preview = false }: Props) {
  // The admin's preview is part of the editor's document, which sees to it (screens/admin-course-module.tsx).
  useVideoPlayerDocument(!preview && module.lessons.some((lesson) => lesson.video !== null && lesson.video.provider !== 'upload'))
  return (
    <div className="grid gap-8">
      <ModuleHeader module={module} />
      <section aria-label={module.lessons.length === 1 ? 'Video lesson' : 'Video lessons'} className="grid gap-6">
        {module.lessons.map((lesson) => (
          <LessonCard key={lesson.id} lesson={lesson} moduleId={module.id} preview={preview} />
        ))}
      </section>
      <ModuleGuide steps={module.guide} />
      <ModuleNotes content={module} />
      <KnowledgeCheckCard module={module} preview={preview} />
      <ModuleFooter module={module} preview={preview} />
    </div>
  )
}
