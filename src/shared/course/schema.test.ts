import { describe, expect, it } from 'vitest'
import { CourseSchema, ModuleContentSchema, type ModuleContent } from './schema'

const lesson = {
  id: 'l1',
  title: 'Lesson 1',
  summary: 'What it covers.',
  video: null,
  durationText: '5 min',
  keyPoints: ['One point'],
}

const content: ModuleContent = {
  title: 'Lead Management',
  navLabel: 'Lead Management',
  description: 'Create contacts and leads.',
  minutes: 15,
  introduction: 'Start **here**.',
  lessons: [lesson],
  guide: [{ title: 'Open the board', detail: 'Click *Leads*.' }],
  importantReminders: ['Check the source.'],
  proTips: [],
  actionStep: { title: 'Do it', description: 'Create three test clients.' },
  keyTakeaways: [],
}

/** Every problem the schema finds, as `path: message`. */
const problems = (value: unknown) => {
  const result = ModuleContentSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the course schema', () => {
  it('accepts a whole module, trimming its text', () => {
    const parsed = ModuleContentSchema.parse({ ...content, title: '  Lead Management  ' })
    expect(parsed).toEqual(content)
  })

  it('names the field and the rule in every message', () => {
    expect(problems({ ...content, title: '' })).toEqual(['title: Title is required'])
    expect(problems({ ...content, title: '   ' })).toEqual(['title: Title is required'])
    expect(problems({ ...content, title: 'x'.repeat(121) })).toEqual(['title: Title must be at most 120 characters'])
    expect(problems({ ...content, title: 'é'.repeat(120) })).toEqual([])
    expect(problems({ ...content, navLabel: 'x'.repeat(41) })).toEqual(['navLabel: Navigation label must be at most 40 characters'])
    expect(problems({ ...content, description: undefined })).toEqual(['description: Description is required'])
    expect(problems({ ...content, introduction: 42 })).toEqual(['introduction: Introduction must be text'])
    expect(problems({ ...content, minutes: 0 })).toEqual(['minutes: Minutes must be at least 1'])
    expect(problems({ ...content, minutes: 1.5 })).toEqual(['minutes: Minutes must be a whole number'])
    expect(problems({ ...content, lessons: [] })).toEqual(['lessons: A module needs at least one lesson'])
    expect(problems({ ...content, lessons: [{ ...lesson, keyPoints: [] }] })).toEqual([
      'lessons.0.keyPoints: A lesson needs at least one key point',
    ])
    expect(problems({ ...content, proTips: Array(21).fill('Tip') })).toEqual(['proTips: At most 20 pro tips'])
    expect(problems({ ...content, actionStep: { title: 'Do it', description: '' } })).toEqual([
      'actionStep.description: Action step description is required',
    ])
  })

  it('keeps plain text on one line, and lets Markdown text have line breaks', () => {
    expect(problems({ ...content, title: 'Two\nlines' })).toEqual(['title: Title must be one line of text, without special characters'])
    expect(problems({ ...content, title: 'Tab\there' })).toHaveLength(1)
    expect(problems({ ...content, introduction: 'Two\nlines' })).toEqual([])
    expect(problems({ ...content, introduction: 'NUL\u0000' })).toEqual(['introduction: Introduction contains a character that cannot be used'])
    expect(problems({ ...content, introduction: 'half \uD800 a character' })).toHaveLength(1)
  })

  it('takes Vimeo and YouTube videos by their ids, and nothing else', () => {
    const withVideo = (video: unknown) => problems({ ...content, lessons: [{ ...lesson, video }] })
    expect(withVideo({ provider: 'vimeo', id: '76979871' })).toEqual([])
    expect(withVideo({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toEqual([])
    expect(withVideo({ provider: 'vimeo', id: 'javascript:alert(1)' })).toEqual(['lessons.0.video.id: A Vimeo video id is 1 to 12 digits'])
    expect(withVideo({ provider: 'youtube', id: 'short' })).toEqual(['lessons.0.video.id: A YouTube video id is 11 letters, digits, - or _'])
    expect(withVideo({ provider: 'iframe', id: '1' })).toEqual(['lessons.0.video.provider: Video must be a Vimeo, a YouTube or an uploaded video'])
    expect(withVideo({ provider: 'vimeo', id: '1', url: 'https://evil.example' })).toHaveLength(1)
  })

  it('refuses fields it does not know, and two items with one id', () => {
    expect(problems({ ...content, html: '<script>' })).toHaveLength(1)
    expect(problems({ ...content, lessons: [lesson, { ...lesson }] })).toEqual(['lessons.1.id: Two lessons have the same id'])
    const module = (id: string) => ({ id, ...content })
    const course = (ids: string[]) => CourseSchema.safeParse({ modules: ids.map(module) }).error?.issues.map((i) => i.message)
    expect(course(['m1', 'm2'])).toBeUndefined()
    expect(course(['m1', 'm1'])).toEqual(['Two modules have the same id'])
    expect(course([])).toEqual(['The course needs at least one module'])
    expect(course(['42'])).toEqual(['Module id must be 1 to 64 letters, digits, - or _, not only digits'])
  })
})
