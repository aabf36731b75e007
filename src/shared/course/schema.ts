import { z } from 'zod'
import { codePointLength, isStorableText } from '../schemas/fields'

/**
 * The course document: what a published version holds, what the admin's editor edits, and what the
 * server checks before it stores either (docs/decisions/0035-course-content-in-the-database.md).
 * The same schemas run in the editor's form and in the API, so both give the same messages.
 *
 * Two kinds of text: plain text (titles, labels, durations) is shown as it is, on one line; Markdown
 * text accepts a small inline subset (bold, italic, code, http(s) and mailto links, line breaks),
 * which the server renders to HTML (src/server/course/markdown.ts).
 */

/**
 * Whether the text holds a control character other than those `allowed`: plain text is one line,
 * and a NUL or an escape means nothing on a page. Markdown text may hold line breaks and tabs.
 */
const hasControlCharacter = (value: string, allowed = '') =>
  Array.from(value).some((char) => {
    const code = char.codePointAt(0)!
    return (code < 0x20 || code === 0x7f) && !allowed.includes(char)
  })

const textField = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })

const lengthChecked = (schema: z.ZodString, label: string, max: number) =>
  schema
    .trim()
    .refine((value) => value.length > 0, `${label} is required`)
    .refine((value) => codePointLength(value) <= max, `${label} must be at most ${max} characters`)

/** One line of text, shown as typed. */
export const plainText = (label: string, max: number) =>
  lengthChecked(textField(label), label, max).refine(
    (value) => isStorableText(value) && !hasControlCharacter(value),
    `${label} must be one line of text, without special characters`,
  )

/** Text in the inline Markdown subset; the server renders it, so nothing in it can run as script. */
export const markdownText = (label: string, max: number) =>
  lengthChecked(textField(label), label, max).refine(
    (value) => isStorableText(value) && !hasControlCharacter(value, '\n\r\t'),
    `${label} contains a character that cannot be used`,
  )

const listOf = <Item extends z.ZodType>(item: Item, label: string, min: number, max: number, tooFew?: string) =>
  z
    .array(item, { error: `${label} must be a list` })
    .min(min, tooFew ?? `Add at least ${min} ${label.toLowerCase()}`)
    .max(max, `At most ${max} ${label.toLowerCase()}`)

/**
 * A module's or a lesson's id. The seeded course uses `m1` … `m8` and `m7-l2`; new ones are UUIDs.
 * Never only digits, so `PUT /api/progress/:module` can tell a module id from a position.
 */
export const ID_PATTERN = /^(?!\d+$)[A-Za-z0-9_-]{1,64}$/
const idField = (label: string) =>
  z.string({ error: `${label} is required` }).regex(ID_PATTERN, `${label} must be 1 to 64 letters, digits, - or _, not only digits`)

export const ModuleIdSchema = idField('Module id')

/** What each provider's video id looks like: the schema's message, and the editor's hint. */
export const VIDEO_ID_RULES = {
  vimeo: 'A Vimeo video id is 1 to 12 digits',
  youtube: 'A YouTube video id is 11 letters, digits, - or _',
} as const

/** A WebVTT file uploaded for an uploaded video, in one language. */
const CaptionsSchema = z.strictObject({
  mediaId: z.uuid('Captions must be an uploaded WebVTT file'),
  /** A BCP 47 language tag: the `srclang` of the captions track. */
  language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Captions language must be a language code such as en or en-AU'),
  /** What the captions menu shows: 'English'. */
  label: plainText('Captions label', 40),
})

const VideoSchema = z.discriminatedUnion(
  'provider',
  [
    z.strictObject({ provider: z.literal('vimeo'), id: z.string().regex(/^\d{1,12}$/, VIDEO_ID_RULES.vimeo) }),
    z.strictObject({ provider: z.literal('youtube'), id: z.string().regex(/^[A-Za-z0-9_-]{11}$/, VIDEO_ID_RULES.youtube) }),
    // A file uploaded to the portal: what the upload found out (poster, length) travels with it,
    // so a module page needs no lookup to show the poster and the length.
    z.strictObject({
      provider: z.literal('upload'),
      mediaId: z.uuid('Video must be an uploaded video file'),
      posterMediaId: z.uuid('Poster must be an uploaded image').nullable(),
      durationSeconds: z.number().positive().max(24 * 3600).nullable(),
      captions: z.array(CaptionsSchema).max(10, 'At most 10 captions files'),
    }),
  ],
  { error: 'Video must be a Vimeo, a YouTube or an uploaded video' },
)
export type Video = z.infer<typeof VideoSchema>
/** A video that plays from Vimeo or YouTube, by its id. */
export type HostedVideo = Extract<Video, { provider: 'vimeo' | 'youtube' }>
export type UploadedVideo = Extract<Video, { provider: 'upload' }>

const LessonSchema = z.strictObject({
  id: idField('Lesson id'),
  title: plainText('Lesson title', 120),
  summary: markdownText('Summary', 1000),
  /** Null: the lesson card shows a placeholder with the duration. */
  video: VideoSchema.nullable(),
  /** As the lesson card shows it: '5 min'. */
  durationText: plainText('Duration', 20),
  keyPoints: listOf(markdownText('Key point', 300), 'Key points', 1, 12, 'A lesson needs at least one key point'),
})
export type Lesson = z.infer<typeof LessonSchema>

const GuideStepSchema = z.strictObject({
  title: plainText('Step title', 120),
  detail: markdownText('Step detail', 2000),
})

const ActionStepSchema = z.strictObject({
  title: plainText('Action step title', 120),
  description: markdownText('Action step description', 2000),
})

/** A question's or an option's id: short, lower case, unique within its list. */
export const QUIZ_ID_PATTERN = /^[a-z0-9-]{1,40}$/
const quizIdField = (label: string) =>
  z.string({ error: `${label} is required` }).regex(QUIZ_ID_PATTERN, `${label} must be 1 to 40 lower-case letters, digits or -`)

export const QUESTION_KINDS = ['single', 'multiple', 'trueFalse'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

const QuizOptionSchema = z.strictObject({
  id: quizIdField('Option id'),
  text: plainText('Option', 300),
  correct: z.boolean({ error: 'Say whether the option is correct' }),
  /** Shown with the result, after the learner has answered. */
  explanation: markdownText('Explanation', 600).optional(),
})

const QuestionSchema = z
  .strictObject({
    id: quizIdField('Question id'),
    kind: z.enum(QUESTION_KINDS, { error: 'Question kind must be single choice, multiple choice or true/false' }),
    prompt: plainText('Question', 400),
    options: listOf(QuizOptionSchema, 'Options', 2, 8, 'A question needs at least two options'),
  })
  .superRefine((question, ctx) => {
    uniqueIds(question.options, ['options'], 'Two options have the same id', ctx)
    const correct = question.options.filter((option) => option.correct).length
    if (question.kind === 'multiple' && correct === 0) {
      ctx.addIssue({ code: 'custom', message: 'Mark at least one option correct', path: ['options'] })
    }
    if (question.kind !== 'multiple' && correct !== 1) {
      ctx.addIssue({ code: 'custom', message: 'Mark exactly one option correct', path: ['options'] })
    }
    if (question.kind === 'trueFalse') {
      const shape = question.options.map((option) => `${option.id}:${option.text}`).join(',')
      if (shape !== 'true:True,false:False') {
        ctx.addIssue({ code: 'custom', message: 'A true/false question has the options True and False', path: ['options'] })
      }
    }
  })

export const DEFAULT_PASS_MARK = 80
export const MAX_ATTEMPTS_LIMIT = 20

/**
 * When a learner is shown the right options and their explanations (docs/decisions/0083-knowledge-check-review-options.md).
 * Before then an attempt's result says the score and which questions were wrong, and nothing more.
 */
export const SHOW_ANSWERS_MODES = ['afterEachAttempt', 'afterPassOrLastAttempt', 'afterPass', 'afterLastAttempt', 'never'] as const
export type ShowAnswers = (typeof SHOW_ANSWERS_MODES)[number]
/** What a check without the setting does: the versions and the owners' documents from before it existed. */
export const DEFAULT_SHOW_ANSWERS: ShowAnswers = 'afterPassOrLastAttempt'

/** The check's review setting, with the default for a check that does not say. */
export const showAnswersOf = (check: { showAnswers?: ShowAnswers | undefined }): ShowAnswers => check.showAnswers ?? DEFAULT_SHOW_ANSWERS

/** Whether a learner with this standing may see the right answers of their attempts. */
export function mayShowAnswers(mode: ShowAnswers, standing: { passed: boolean; attemptsLeft: number | null }): boolean {
  switch (mode) {
    case 'afterEachAttempt':
      return true
    case 'afterPassOrLastAttempt':
      return standing.passed || standing.attemptsLeft === 0
    case 'afterPass':
      return standing.passed
    case 'afterLastAttempt':
      return standing.attemptsLeft === 0
    case 'never':
      return false
  }
}

/**
 * A module's knowledge check (docs/decisions/0051-knowledge-checks-in-the-module-document.md): part of
 * the module document, so the draft, the preview, publishing and the versions carry it as they carry
 * the rest. Optional: a module without one, and the first published version, stay valid.
 */
export const KnowledgeCheckSchema = z
  .strictObject({
    passMark: z
      .number({ error: 'Pass mark must be a whole number' })
      .int('Pass mark must be a whole number')
      .min(1, 'Pass mark must be at least 1 %')
      .max(100, 'Pass mark must be at most 100 %'),
    /** On: the module cannot be marked complete until the learner has passed. */
    requirePass: z.boolean({ error: 'Say whether learners must pass' }),
    /** Null: unlimited retries. */
    maxAttempts: z
      .number({ error: 'Maximum attempts must be a whole number' })
      .int('Maximum attempts must be a whole number')
      .min(1, 'Maximum attempts must be at least 1')
      .max(MAX_ATTEMPTS_LIMIT, `Maximum attempts must be at most ${MAX_ATTEMPTS_LIMIT}`)
      .nullable(),
    /** Absent: DEFAULT_SHOW_ANSWERS (read it through showAnswersOf), so older documents stay valid and unchanged. */
    showAnswers: z
      .enum(SHOW_ANSWERS_MODES, { error: 'Show the right answers must be after each attempt, after passing or the last attempt, after passing, after the last attempt, or never' })
      .optional(),
    questions: listOf(QuestionSchema, 'Questions', 1, 20, 'A knowledge check needs at least one question'),
  })
  .superRefine((check, ctx) => uniqueIds(check.questions, ['questions'], 'Two questions have the same id', ctx))
export type KnowledgeCheck = z.infer<typeof KnowledgeCheckSchema>

/** Everything a module page shows, without the module's id (the editor's form; a draft row's content). */
const moduleContentShape = {
  title: plainText('Title', 120),
  /** The short name the previous and next links use: 'Live Deal Dashboard'. */
  navLabel: plainText('Navigation label', 40),
  /** The dashboard card's line. */
  description: plainText('Description', 300),
  minutes: z
    .number({ error: 'Minutes must be a whole number' })
    .int('Minutes must be a whole number')
    .min(1, 'Minutes must be at least 1')
    .max(600, 'Minutes must be at most 600'),
  introduction: markdownText('Introduction', 2000),
  lessons: listOf(LessonSchema, 'Lessons', 1, 10, 'A module needs at least one lesson'),
  guide: listOf(GuideStepSchema, 'Guide steps', 0, 30),
  importantReminders: listOf(markdownText('Reminder', 1000), 'Reminders', 0, 20),
  proTips: listOf(markdownText('Pro tip', 1000), 'Pro tips', 0, 20),
  actionStep: ActionStepSchema,
  keyTakeaways: listOf(markdownText('Key takeaway', 1000), 'Key takeaways', 0, 20),
  knowledgeCheck: KnowledgeCheckSchema.optional(),
  /**
   * "Watch at least N % of each video before marking complete". Absent or null: no such rule, the
   * course behaves as before video tracking existed.
   */
  requiredWatchPercent: z
    .number({ error: 'Required watching must be a whole number' })
    .int('Required watching must be a whole number')
    .min(1, 'Required watching must be at least 1 %')
    .max(100, 'Required watching must be at most 100 %')
    .nullable()
    .optional(),
}

/** Two items of one list under the same id would be one item to everything keyed by it. */
function uniqueIds(items: readonly { id: string }[], path: (string | number)[], message: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>()
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', message, path: [...path, index, 'id'] })
    seen.add(item.id)
  })
}

const lessonIdsUnique = (module: { lessons: readonly { id: string }[] }, ctx: z.RefinementCtx) =>
  uniqueIds(module.lessons, ['lessons'], 'Two lessons have the same id', ctx)

export const ModuleContentSchema = z.strictObject(moduleContentShape).superRefine(lessonIdsUnique)
export type ModuleContent = z.infer<typeof ModuleContentSchema>

export const CourseModuleSchema = z.strictObject({ id: ModuleIdSchema, ...moduleContentShape }).superRefine(lessonIdsUnique)
export type CourseModule = z.infer<typeof CourseModuleSchema>

export const MAX_MODULES = 50

/** A published version: the modules in course order (module n is `modules[n - 1]`). */
export const CourseSchema = z
  .strictObject({
    modules: listOf(CourseModuleSchema, 'Modules', 1, MAX_MODULES, 'The course needs at least one module'),
  })
  .superRefine((course, ctx) => uniqueIds(course.modules, ['modules'], 'Two modules have the same id', ctx))
export type Course = z.infer<typeof CourseSchema>
