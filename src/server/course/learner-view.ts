import type { CatalogModule, CourseCatalog, LearnerKnowledgeCheck, LearnerModule, LearnerVideo, ModuleLink } from '../../shared/course/api-types'
import { showAnswersOf, type Course, type CourseModule, type KnowledgeCheck, type Lesson, type Video } from '../../shared/course/schema'
import { uploadedVideoSources, videoEmbedUrl } from '../../shared/course/video'
import { richText } from './markdown'

/** A published version as learners receive it: its table of contents and each module page, in order. */
export type LearnerCourse = { catalog: CourseCatalog; modules: readonly LearnerModule[] }

/** The version a preview answers with: the module is not published. */
export const PREVIEW_VERSION = 0

const toCatalogModule = (module: CourseModule, index: number): CatalogModule => ({
  id: module.id,
  moduleNumber: index + 1,
  title: module.title,
  navLabel: module.navLabel,
  description: module.description,
  minutes: module.minutes,
  lessonsCount: module.lessons.length,
})

const toLearnerVideo = (video: Video): LearnerVideo =>
  video.provider === 'upload'
    ? { provider: 'upload', mediaId: video.mediaId, durationSeconds: video.durationSeconds, ...uploadedVideoSources(video) }
    : { ...video, embedUrl: videoEmbedUrl(video) }

const toLearnerLesson = (lesson: Lesson) => ({
  id: lesson.id,
  title: lesson.title,
  summary: richText(lesson.summary),
  video: lesson.video && toLearnerVideo(lesson.video),
  durationText: lesson.durationText,
  keyPoints: lesson.keyPoints.map(richText),
})

/**
 * The quiz without its answers: which options are right, and why, is told only with an attempt's
 * result, when the check's review setting allows. The option ids are still the document's: each
 * learner is sent their own (learner-option-ids.ts).
 */
const toLearnerKnowledgeCheck = (check: KnowledgeCheck): LearnerKnowledgeCheck => ({
  passMark: check.passMark,
  requirePass: check.requirePass,
  maxAttempts: check.maxAttempts,
  showAnswers: showAnswersOf(check),
  questions: check.questions.map((question) => ({
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    options: question.options.map((option) => ({ id: option.id, text: option.text })),
  })),
})

const linkTo = (modules: readonly Pick<CourseModule, 'id' | 'navLabel'>[], index: number): ModuleLink | null => {
  const module = modules[index]
  return module ? { id: module.id, moduleNumber: index + 1, navLabel: module.navLabel } : null
}

/**
 * Module `index` of `modules` as its page shows it: plain fields as they are, Markdown fields
 * rendered by the server, and the modules before and after it.
 */
export function toLearnerModule(version: number, modules: readonly CourseModule[], index: number): LearnerModule {
  const module = modules[index]!
  return {
    ...toCatalogModule(module, index),
    version,
    introduction: richText(module.introduction),
    lessons: module.lessons.map(toLearnerLesson),
    guide: module.guide.map((step) => ({ title: step.title, detail: richText(step.detail) })),
    importantReminders: module.importantReminders.map(richText),
    proTips: module.proTips.map(richText),
    actionStep: { title: module.actionStep.title, description: richText(module.actionStep.description) },
    keyTakeaways: module.keyTakeaways.map(richText),
    knowledgeCheck: module.knowledgeCheck ? toLearnerKnowledgeCheck(module.knowledgeCheck) : null,
    previous: linkTo(modules, index - 1),
    next: linkTo(modules, index + 1),
  }
}

/** Everything learners are served from one version, made once when the server takes the version up. */
export function toLearnerCourse(version: number, course: Course): LearnerCourse {
  const catalogModules = course.modules.map(toCatalogModule)
  return {
    catalog: {
      version,
      totalMinutes: catalogModules.reduce((sum, module) => sum + module.minutes, 0),
      modules: catalogModules,
    },
    modules: course.modules.map((_module, index) => toLearnerModule(version, course.modules, index)),
  }
}
