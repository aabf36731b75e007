import { useEffect } from 'react'
import { useParams } from 'react-router'
import { findCourseModule } from '../../shared/course/content'
import { ModuleBreadcrumbs } from '../features/course/components/breadcrumbs'
import { LessonCard } from '../features/course/components/lesson-card'
import { ModuleFooter } from '../features/course/components/module-footer'
import { ModuleGuide } from '../features/course/components/module-guide'
import { ModuleHeader } from '../features/course/components/module-header'
import { ModuleNotes } from '../features/course/components/module-notes'
import { pageTitle } from '../lib/site-config'
import NotFoundPage from './not-found'

export default function ModulePage() {
  const { moduleNumber = '' } = useParams()
  const module = /^\d+$/.test(moduleNumber) ? findCourseModule(Number(moduleNumber)) : undefined

  // Moving between modules keeps this screen mounted: start each module at its top.
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [moduleNumber])

  if (!module) return <NotFoundPage />
  return (
    <article className="mx-auto grid max-w-4xl gap-8">
      <title>{pageTitle(`Module ${module.moduleNumber}: ${module.title}`)}</title>
      <ModuleBreadcrumbs current={`Module ${module.moduleNumber}: ${module.title}`} />
      <ModuleHeader module={module} />
      <section aria-label={module.lessons.length === 1 ? 'Video lesson' : 'Video lessons'} className="grid gap-6">
        {module.lessons.map((lesson) => (
          <LessonCard key={lesson.title} lesson={lesson} />
        ))}
      </section>
      <ModuleGuide steps={module.guide} />
      <ModuleNotes content={module} />
      <ModuleFooter module={module} />
    </article>
  )
}
