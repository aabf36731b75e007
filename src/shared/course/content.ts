import { findModule, type ModuleSummary } from './catalog'
import { module1 } from './modules/module-1'
import { module2 } from './modules/module-2'
import { module3 } from './modules/module-3'
import { module4 } from './modules/module-4'
import { module5 } from './modules/module-5'
import { module6 } from './modules/module-6'
import { module7 } from './modules/module-7'
import { module8 } from './modules/module-8'
import type { ModuleContent } from './types'

export type CourseModule = ModuleSummary & ModuleContent

/** The lesson content of every module, in course order: the client's bundled copy (see catalog.ts). */
export const moduleContents: readonly ModuleContent[] = [
  module1,
  module2,
  module3,
  module4,
  module5,
  module6,
  module7,
  module8,
]

/** A module's catalog entry and its content together; undefined for a number outside the course. */
export function findCourseModule(moduleNumber: number): CourseModule | undefined {
  const summary = findModule(moduleNumber)
  const content = moduleContents.find((module) => module.moduleNumber === moduleNumber)
  return summary && content ? { ...summary, ...content } : undefined
}

/** Every piece of text a module shows, for search and for the content checks. */
export function moduleText(content: ModuleContent): string {
  return [
    content.navLabel,
    content.introduction,
    ...content.lessons.flatMap((lesson) => [lesson.title, lesson.summary, lesson.durationText, ...lesson.keyPoints]),
    ...content.guide.flatMap((step) => [step.title, step.detail]),
    ...content.importantReminders,
    ...content.proTips,
    content.actionStep.title,
    content.actionStep.description,
    ...content.keyTakeaways,
  ].join('\n')
}
