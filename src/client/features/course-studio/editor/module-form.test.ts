import { describe, expect, it } from 'vitest'
import type { ModuleContent } from '../../../../shared/course/schema'
import { newKnowledgeCheck, toForm, videoIdFrom, withKind } from './module-form'
import { checkForm, issuePlace } from './module-form-check'

const module: ModuleContent = {
  title: 'Lead Management',
  navLabel: 'Leads',
  description: 'Create contacts and leads.',
  minutes: 15,
  introduction: 'Every deal starts as a lead.',
  lessons: [
    { id: 'm3-l1', title: 'Contacts', summary: 'A contact.', video: { provider: 'vimeo', id: '76979871' }, durationText: '5 min', keyPoints: ['One'] },
  ],
  guide: [],
  importantReminders: [],
  proTips: ['A tip.'],
  actionStep: { title: 'Do it', description: 'In the CRM.' },
  keyTakeaways: [],
}

describe('the editor form', () => {
  it('turns the module into the form and back unchanged', () => {
    const checked = checkForm(toForm(module))
    expect(checked.ok).toBe(true)
    expect(checked.module).toEqual(module)
  })

  it('keeps an uploaded video, its captions and the watching rule through the form', () => {
    const uploaded: ModuleContent = {
      ...module,
      requiredWatchPercent: 80,
      lessons: [
        {
          ...module.lessons[0]!,
          video: {
            provider: 'upload',
            mediaId: '3f1c2a4e-8d6b-4b1a-9c2e-5d7f8a9b0c1d',
            posterMediaId: null,
            durationSeconds: 20.5,
            captions: [{ mediaId: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', language: 'en-AU', label: 'English' }],
          },
        },
      ],
    }
    const form = toForm(uploaded)
    expect(form.requiredWatchPercent).toBe('80')
    expect(checkForm(form).module).toEqual(uploaded)
  })

  it('asks for a file when "Uploaded file" has none, and checks the watching rule and captions', () => {
    const form = toForm(module)
    const key = form.lessons[0]!.key
    form.lessons[0]!.provider = 'upload'
    form.requiredWatchPercent = '150'
    const checked = checkForm(form)
    expect(checked.issues.map(({ name, message }) => ({ name, message }))).toEqual([
      { name: `lessons:${key}.videoId`, message: 'Video must be an uploaded video file' },
      { name: 'requiredWatchPercent', message: 'Required watching must be at most 100 %' },
    ])
    form.requiredWatchPercent = ' '
    form.lessons[0]!.upload = {
      provider: 'upload',
      mediaId: '3f1c2a4e-8d6b-4b1a-9c2e-5d7f8a9b0c1d',
      posterMediaId: null,
      durationSeconds: null,
      captions: [{ mediaId: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', language: 'English', label: 'English' }],
    }
    expect(checkForm(form).issues.map(({ name, message }) => ({ name, message }))).toEqual([
      { name: `lessons:${key}.videoId`, message: 'Captions language must be a language code such as en or en-AU' },
    ])
  })

  it('trims what it sends, reads minutes from text, and sends no video for "No video"', () => {
    const form = toForm(module)
    form.title = '  Lead Management  '
    form.minutes = ' 20 '
    form.lessons[0]!.provider = 'none'
    expect(checkForm(form).module).toMatchObject({ title: 'Lead Management', minutes: 20, lessons: [{ video: null }] })
  })

  it('names each problem by the item it is in, so the name follows the item when it moves', () => {
    const form = toForm(module)
    form.minutes = '2.5'
    form.proTips[0]!.text = ' '
    form.lessons[0]!.videoId = 'abc'
    form.lessons[0]!.keyPoints = []
    const checked = checkForm(form)
    const byName = Object.fromEntries(checked.issues.map((issue) => [issue.name, issue.message]))
    expect(byName).toEqual({
      minutes: 'Minutes must be a whole number',
      [`proTips:${form.proTips[0]!.key}.text`]: 'Pro tip is required',
      'lessons:m3-l1.videoId': 'A Vimeo video id is 1 to 12 digits',
      'lessons:m3-l1.keyPoints': 'A lesson needs at least one key point',
    })
    expect(checked.issues.map((issue) => issuePlace(issue.path))).toEqual(['', 'Lesson 1', 'Lesson 1', 'Pro tip 1'])
  })

  it('says where an issue is: a lesson’s key point, the action step', () => {
    expect(issuePlace(['lessons', 1, 'keyPoints', 2])).toBe('Lesson 2, key point 3')
    expect(issuePlace(['actionStep', 'title'])).toBe('Action step')
    expect(issuePlace(['title'])).toBe('')
  })

  it('takes a video id out of a pasted address, and leaves anything else as typed', () => {
    expect(videoIdFrom('vimeo', 'https://vimeo.com/76979871')).toBe('76979871')
    expect(videoIdFrom('vimeo', 'https://player.vimeo.com/video/76979871?h=abc')).toBe('76979871')
    expect(videoIdFrom('youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ')
    expect(videoIdFrom('youtube', 'https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(videoIdFrom('youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(videoIdFrom('vimeo', '12345')).toBe('12345')
    expect(videoIdFrom('vimeo', 'https://example.com/123')).toBe('https://example.com/123')
  })

  describe('the knowledge check', () => {
    const withCheck: ModuleContent = {
      ...module,
      knowledgeCheck: {
        passMark: 75,
        requirePass: true,
        maxAttempts: 3,
        questions: [
          {
            id: 'q1',
            kind: 'multiple',
            prompt: 'Which are stages?',
            options: [
              { id: 'a', text: 'New lead', correct: true, explanation: 'The **first** stage.' },
              { id: 'b', text: 'Lunch', correct: false },
              { id: 'c', text: 'Funded', correct: true },
            ],
          },
          {
            id: 'q2',
            kind: 'trueFalse',
            prompt: 'A lead is a contact.',
            options: [
              { id: 'true', text: 'True', correct: true },
              { id: 'false', text: 'False', correct: false, explanation: 'Every lead is one.' },
            ],
          },
        ],
      },
    }

    it('goes into the form and back unchanged; without one, none is sent', () => {
      expect(checkForm(toForm(withCheck)).module).toEqual(withCheck)
      // No review setting stays none (the default applies); a chosen one goes back as it is.
      expect(checkForm(toForm(withCheck)).module!.knowledgeCheck).not.toHaveProperty('showAnswers')
      const reviewed = { ...withCheck, knowledgeCheck: { ...withCheck.knowledgeCheck!, showAnswers: 'afterEachAttempt' as const } }
      expect(checkForm(toForm(reviewed)).module).toEqual(reviewed)
      expect(checkForm(toForm(module)).module).not.toHaveProperty('knowledgeCheck')
      const form = toForm(withCheck)
      form.knowledgeCheck!.maxAttempts = ' '
      form.knowledgeCheck!.questions[0]!.options[0]!.explanation = '  '
      const sent = checkForm(form).module!.knowledgeCheck!
      expect(sent.maxAttempts).toBeNull()
      expect(sent.questions[0]!.options[0]).toEqual({ id: 'a', text: 'New lead', correct: true })
    })

    it('starts a new check at an 80 % pass mark, not required, unlimited, with a question that needs its text', () => {
      const form = { ...toForm(module), knowledgeCheck: newKnowledgeCheck() }
      const checked = checkForm(form)
      expect(form.knowledgeCheck).toMatchObject({ passMark: '80', requirePass: false, maxAttempts: '' })
      expect(checked.ok).toBe(false)
      const key = form.knowledgeCheck.questions[0]!.key
      expect(checked.issues.map((issue) => issue.name)).toContain(`knowledgeCheck.questions:${key}.prompt`)
      expect(issuePlace(['knowledgeCheck', 'questions', 0, 'options', 1, 'text'])).toBe('Knowledge check, Question 1, option 2')
    })

    it('names a question without its right answer, and keeps one right answer when a question becomes single choice', () => {
      const form = toForm(withCheck)
      const question = form.knowledgeCheck!.questions[0]!
      question.options.forEach((option) => (option.correct = false))
      const checked = checkForm(form)
      expect(checked.issues).toContainEqual(
        expect.objectContaining({ name: `knowledgeCheck.questions:${question.key}.options`, message: 'Mark at least one option correct' }),
      )
      const single = withKind(toForm(withCheck).knowledgeCheck!.questions[0]!, 'single')
      expect(single.options.map((option) => option.correct)).toEqual([true, false, false])
      expect(withKind(single, 'trueFalse').options.map((option) => [option.key, option.text])).toEqual([
        ['true', 'True'],
        ['false', 'False'],
      ])
    })
  })
})

