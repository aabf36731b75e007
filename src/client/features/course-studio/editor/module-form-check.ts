import { ModuleContentSchema, type ModuleContent } from '../../../../shared/course/schema'
import type { KnowledgeCheckForm, LessonForm, ModuleForm, TextItem } from './module-form'

// The form checked against the course schema, the one the server uses: the schema's input built
// from the form, and each problem named by the field it belongs to (fieldName) and its place.

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
