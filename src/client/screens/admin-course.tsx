import { CertificateValidityEditor } from '../features/course-studio/components/certificate-validity-editor'
import { CourseOverview } from '../features/course-studio/components/course-overview'
import { CourseSectionNav } from '../features/course-studio/components/course-section-nav'
import { ScheduleEditor } from '../features/course-studio/components/schedule-editor'
import { pageTitle } from '../lib/site-config'

/** The Admin Panel's Course section: the draft's modules, Publish, the version history, the schedule and the certificate's validity. */
export default function AdminCoursePage() {
  return (
    <>
      <title>{pageTitle('Course - Admin Panel')}</title>
      <CourseSectionNav />
      <CourseOverview />
      <ScheduleEditor />
      <CertificateValidityEditor />
    </>
  )
}
