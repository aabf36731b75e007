import { CourseOverview } from '../features/course-studio/components/course-overview'
import { CourseSectionNav } from '../features/course-studio/components/course-section-nav'
import { pageTitle } from '../lib/site-config'

/** The Admin Panel's Course section: the draft's modules, Publish, and the version history. */
export default function AdminCoursePage() {
  return (
    <>
      <title>{pageTitle('Course - Admin Panel')}</title>
      <CourseSectionNav />
      <CourseOverview />
    </>
  )
}
