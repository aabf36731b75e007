import {
  DEFAULT_PASS_MARK,
  type KnowledgeCheck,
  type ModuleContent,
  type QuestionKind,
  type ShowAnswers,
  type HostedVideo,
  type UploadedVideo,
} from '../../../../shared/course/schema'

// The editor's form: the module document as the admin types it. Every text stays as typed (the
// schema trims on the way to the server); lists carry a key each, so an item keeps its identity,
// its DOM id and its focus while it moves; a video is a provider and a text id; minutes a text.

export type VideoProvider = HostedVideo['provider'] | 'upload' | 'none'

export type TextItem = { key: string; text: string }

export type LessonForm = {
  /** The lesson's id (kept: progress and links do not use it, but the document does). */
  key: string
  title: string
  summary: string
  provider: VideoProvider
  videoId: string
  /** The uploaded video, kept as it is while the provider is 'upload'. */
  upload: UploadedVideo | null
  durationText: string
  keyPoints: TextItem[]
}

export type GuideStepForm = { key: string; title: string; detail: string }

/** An answer option; its key is its id. An empty explanation is none. */
export type OptionForm = { key: string; text: string; correct: boolean; explanation: string }

/** A question; its key is its id (attempts record answers by it). */
export type QuestionForm = { key: string; kind: QuestionKind; prompt: string; options: OptionForm[] }

/**
 * The knowledge check as typed: the numbers as text; an empty maximum is unlimited. No review
 * setting: the document has none, and the default applies (so it goes back without one).
 */
export type KnowledgeCheckForm = {
  passMark: string
  requirePass: boolean
  maxAttempts: string
  showAnswers: ShowAnswers | undefined
  questions: QuestionForm[]
}

export type ModuleForm = {
  title: string
  navLabel: string
  description: string
  minutes: string
  introduction: string
  lessons: LessonForm[]
  guide: GuideStepForm[]
  importantReminders: TextItem[]
  proTips: TextItem[]
  actionStep: { title: string; description: string }
  keyTakeaways: TextItem[]
  /** Null: the module has none. */
  knowledgeCheck: KnowledgeCheckForm | null
  /** "Watch at least N % of each video": empty is no such rule. */
  requiredWatchPercent: string
}

/**
 * A new key, which is also a new lesson's id: letters and digits, never only digits (the schema's
 * id rule). `crypto.getRandomValues` works where `randomUUID` does not (a plain-http address).
 */
export function newKey(prefix = 'k'): string {
  // Lower case and short enough for a question's or an option's id too (QUIZ_ID_PATTERN).
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

const toKnowledgeCheckForm = (check: KnowledgeCheck): KnowledgeCheckForm => ({
  passMark: String(check.passMark),
  requirePass: check.requirePass,
  maxAttempts: check.maxAttempts === null ? '' : String(check.maxAttempts),
  showAnswers: check.showAnswers,
  questions: check.questions.map((question) => ({
    key: question.id,
    kind: question.kind,
    prompt: question.prompt,
    options: question.options.map((option) => ({
      key: option.id,
      text: option.text,
      correct: option.correct,
      explanation: option.explanation ?? '',
    })),
  })),
})

const textItems = (texts: readonly string[]): TextItem[] => texts.map((text) => ({ key: newKey(), text }))

export function toForm(module: ModuleContent): ModuleForm {
  return {
    title: module.title,
    navLabel: module.navLabel,
    description: module.description,
    minutes: String(module.minutes),
    introduction: module.introduction,
    lessons: module.lessons.map((lesson) => ({
      key: lesson.id,
      title: lesson.title,
      summary: lesson.summary,
      provider: lesson.video?.provider ?? 'none',
      videoId: lesson.video && lesson.video.provider !== 'upload' ? lesson.video.id : '',
      upload: lesson.video?.provider === 'upload' ? lesson.video : null,
      durationText: lesson.durationText,
      keyPoints: textItems(lesson.keyPoints),
    })),
    guide: module.guide.map((step) => ({ key: newKey(), ...step })),
    importantReminders: textItems(module.importantReminders),
    proTips: textItems(module.proTips),
    actionStep: { ...module.actionStep },
    keyTakeaways: textItems(module.keyTakeaways),
    knowledgeCheck: module.knowledgeCheck ? toKnowledgeCheckForm(module.knowledgeCheck) : null,
    requiredWatchPercent: module.requiredWatchPercent ? String(module.requiredWatchPercent) : '',
  }
}

export const newLesson = (): LessonForm => ({
  key: newKey('lesson'),
  title: '',
  summary: '',
  provider: 'none',
  videoId: '',
  upload: null,
  durationText: '',
  keyPoints: [{ key: newKey(), text: '' }],
})

const trueFalseOptions = (): OptionForm[] => [
  { key: 'true', text: 'True', correct: true, explanation: '' },
  { key: 'false', text: 'False', correct: false, explanation: '' },
]

export const newOption = (): OptionForm => ({ key: newKey('o'), text: '', correct: false, explanation: '' })

export const newQuestion = (): QuestionForm => ({
  key: newKey('q'),
  kind: 'single',
  prompt: '',
  options: [{ ...newOption(), correct: true }, newOption()],
})

/** A question of another kind: true/false has its two fixed options; the others keep the ones typed. */
export function withKind(question: QuestionForm, kind: QuestionKind): QuestionForm {
  if (kind === question.kind) return question
  if (kind === 'trueFalse') return { ...question, kind, options: trueFalseOptions() }
  const options = question.kind === 'trueFalse' ? [{ ...newOption(), correct: true }, newOption()] : question.options
  if (kind === 'single') {
    // One right answer: the first of those marked.
    const first = options.findIndex((option) => option.correct)
    return { ...question, kind, options: options.map((option, index) => ({ ...option, correct: index === Math.max(first, 0) })) }
  }
  return { ...question, kind, options }
}

export const newKnowledgeCheck = (): KnowledgeCheckForm => ({
  passMark: String(DEFAULT_PASS_MARK),
  requirePass: false,
  maxAttempts: '',
  showAnswers: undefined,
  questions: [newQuestion()],
})

export const newGuideStep = (): GuideStepForm => ({ key: newKey(), title: '', detail: '' })
export const newTextItem = (): TextItem => ({ key: newKey(), text: '' })

/**
 * A video id as the admin may paste it: the player's or the site's whole address works too
 * (vimeo.com/123456789, youtu.be/…, youtube.com/watch?v=…); anything else stays as typed.
 */
export function videoIdFrom(provider: VideoProvider, text: string): string {
  const value = text.trim()
  if (!/^https?:\/\/|^(www\.)?(vimeo|youtube|youtu)\./i.test(value)) return text
  if (provider === 'vimeo') return /vimeo\.com\/(?:video\/|channels\/[^/]+\/)?(\d{1,12})(?:\D|$)/i.exec(value)?.[1] ?? text
  if (provider === 'youtube') {
    return /(?:youtu\.be\/|[?&]v=|\/embed\/|\/shorts\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/.exec(value)?.[1] ?? text
  }
  return text
}
