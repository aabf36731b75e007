import { CourseSectionNav } from '../features/course-studio/components/course-section-nav'
import { QuestionStatsView } from '../features/course-studio/components/question-stats'
import { pageTitle } from '../lib/site-config'

/** The Course section's Questions view: how learners first answered each knowledge check question. */
export default function AdminCourseQuestionsPage() {
  return (
    <>
      <title>{pageTitle('Questions - Course - Admin Panel')}</title>
      <CourseSectionNav />
      <QuestionStatsView />
    </>
  )
}
