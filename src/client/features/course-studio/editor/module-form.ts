import {
  DEFAULT_PASS_MARK,
  ModuleContentSchema,
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

/** '12' is 12; anything else goes to the schema as it is, which names the problem. */
function numberInput(text: string): unknown {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const number = Number(trimmed)
  return /^-?\d+(\.\d+)?$/.test(trimmed) && Number.isFinite(number) ? number : trimmed
}

const texts = (items: readonly TextItem[]) => items.map((item) => item.text)

function lessonVideo(lesson: LessonForm) {
  if (lesson.provider === 'none') return null
  // No file yet: the schema says a file is needed, under the video's field.
  if (lesson.provider === 'upload') return lesson.upload ?? { provider: 'upload' }
  return { provider: lesson.provider, id: lesson.videoId.trim() }
}

/** The form as the schema's input: what the server would be sent. */
function toInput(form: ModuleForm) {
  return {
    title: form.title,
    navLabel: form.navLabel,
    description: form.description,
    minutes: numberInput(form.minutes),
    introduction: form.introduction,
    lessons: form.lessons.map((lesson) => ({
      id: lesson.key,
      title: lesson.title,
      summary: lesson.summary,
      video: lessonVideo(lesson),
      durationText: lesson.durationText,
      keyPoints: texts(lesson.keyPoints),
    })),
    guide: form.guide.map(({ title, detail }) => ({ title, detail })),
    importantReminders: texts(form.importantReminders),
    proTips: texts(form.proTips),
    actionStep: { ...form.actionStep },
    keyTakeaways: texts(form.keyTakeaways),
    requiredWatchPercent: numberInput(form.requiredWatchPercent),
    ...(form.knowledgeCheck ? { knowledgeCheck: toKnowledgeCheckInput(form.knowledgeCheck) } : {}),
  }
}

function toKnowledgeCheckInput(check: KnowledgeCheckForm) {
  return {
    passMark: numberInput(check.passMark),
    requirePass: check.requirePass,
    maxAttempts: check.maxAttempts.trim() === '' ? null : numberInput(check.maxAttempts),
    ...(check.showAnswers === undefined ? {} : { showAnswers: check.showAnswers }),
    questions: check.questions.map((question) => ({
      id: question.key,
      kind: question.kind,
      prompt: question.prompt,
      options: question.options.map((option) => ({
        id: option.key,
        text: option.text,
        correct: option.correct,
        ...(option.explanation.trim() === '' ? {} : { explanation: option.explanation }),
      })),
    })),
  }
}

/**
 * A field's stable name: the schema's path with each list index replaced by the item's key
 * (`proTips.2` → `proTips:k-1f…`), so errors, the fields the admin has left and DOM ids follow an
 * item when it moves. A path into a list that is not there any more (an issue about the list
 * itself) keeps its plain form.
 */
export function fieldName(form: ModuleForm, path: readonly PropertyKey[]): string {
  let node: unknown = form
  const parts: string[] = []
  for (const segment of path) {
    if (typeof segment === 'number' && Array.isArray(node)) {
      const item = node[segment] as { key?: string } | undefined
      parts[parts.length - 1] += `:${item?.key ?? segment}`
      node = item
      continue
    }
    const name = String(segment)
    // The schema's names for the form's own: a lesson's id is its key, its video is provider and id.
    if (name === 'video') {
      parts.push('videoId')
      break
    }
    parts.push(name === 'id' ? 'key' : name)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[name === 'id' ? 'key' : name] : undefined
  }
  // A list item of strings: its one field is its text.
  const last = path[path.length - 1]
  if (typeof last === 'number' && path.length > 0) parts.push('text')
  return parts.join('.')
}

export type FieldIssue = { name: string; path: readonly PropertyKey[]; message: string }

export type Checked = { ok: true; module: ModuleContent; issues: [] } | { ok: false; module: undefined; issues: FieldIssue[] }

/** The form checked by the course schema, the one the server uses: the module to save, or every problem. */
export function checkForm(form: ModuleForm): Checked {
  const result = ModuleContentSchema.safeParse(toInput(form))
  if (result.success) return { ok: true, module: result.data, issues: [] }
  const seen = new Set<string>()
  const issues: FieldIssue[] = []
  for (const issue of result.error.issues) {
    const name = fieldName(form, issue.path)
    if (seen.has(name)) continue
    seen.add(name)
    issues.push({ name, path: issue.path, message: issue.message })
  }
  return { ok: false, module: undefined, issues }
}

const listNames: Record<string, [string, string]> = {
  lessons: ['Lesson', 'lesson'],
  guide: ['Guide step', 'guide step'],
  importantReminders: ['Reminder', 'reminder'],
  proTips: ['Pro tip', 'pro tip'],
  keyTakeaways: ['Key takeaway', 'key takeaway'],
  keyPoints: ['Key point', 'key point'],
  questions: ['Question', 'question'],
  options: ['Option', 'option'],
}

/** Where an issue is, for the summary: 'Lesson 2, key point 3'; empty for a field of the module itself. */
export function issuePlace(path: readonly PropertyKey[]): string {
  const places: string[] = []
  path.forEach((segment, index) => {
    const list = path[index - 1]
    if (typeof segment === 'number' && typeof list === 'string' && listNames[list]) {
      places.push(`${listNames[list][places.length === 0 ? 0 : 1]} ${segment + 1}`)
    }
  })
  if (path[0] === 'actionStep') places.push('Action step')
  if (path[0] === 'knowledgeCheck') places.unshift('Knowledge check')
  return places.join(', ')
}

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
