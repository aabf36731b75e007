// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AttemptResult, KnowledgeCheckState, LearnerModule } from '../../../../shared/course/api-types'
import { json, mockApi, renderScreen } from '../../../test/render'
import { KnowledgeCheckCard } from './knowledge-check-card'

const text = (html: string) => ({ html })

/** Module 2 with a check of two questions, as the learner's page receives it: no answers in it. */
const module: LearnerModule = {
  id: 'm2',
  moduleNumber: 2,
  version: 5,
  title: 'General Overview',
  navLabel: 'General Overview',
  description: 'A tour',
  minutes: 12,
  lessonsCount: 1,
  introduction: text('Intro'),
  lessons: [{ id: 'm2-l1', title: 'Lesson 1', summary: text('Summary'), video: null, durationText: '12 min', keyPoints: [] }],
  guide: [],
  importantReminders: [],
  proTips: [],
  actionStep: { title: 'Do it', description: text('Now') },
  keyTakeaways: [],
  knowledgeCheck: {
    passMark: 80,
    requirePass: true,
    maxAttempts: 2,
    showAnswers: 'afterPassOrLastAttempt',
    questions: [
      {
        id: 'stage',
        kind: 'single',
        prompt: 'Where do you see every deal by stage?',
        options: [
          { id: 'pipeline', text: 'The pipeline board' },
          { id: 'inbox', text: 'The inbox' },
        ],
      },
      {
        id: 'notes',
        kind: 'trueFalse',
        prompt: 'Notes are logged against the client record.',
        options: [
          { id: 'true', text: 'True' },
          { id: 'false', text: 'False' },
        ],
      },
    ],
  },
  previous: null,
  next: null,
}

const result: AttemptResult = {
  id: 'attempt-1',
  version: 5,
  score: 50,
  passMark: 80,
  passed: false,
  submittedAt: '2026-11-24T12:00:00.000Z',
  answersShown: true,
  questions: [
    {
      id: 'stage',
      kind: 'single',
      prompt: 'Where do you see every deal by stage?',
      isCorrect: false,
      options: [
        { id: 'pipeline', text: 'The pipeline board', correct: true, chosen: false, explanation: text('The <strong>pipeline</strong> shows stages.') },
        { id: 'inbox', text: 'The inbox', correct: false, chosen: true, explanation: text('The inbox holds messages.') },
      ],
    },
    {
      id: 'notes',
      kind: 'trueFalse',
      prompt: 'Notes are logged against the client record.',
      isCorrect: true,
      options: [
        { id: 'true', text: 'True', correct: true, chosen: true, explanation: null },
        { id: 'false', text: 'False', correct: false, chosen: false, explanation: null },
      ],
    },
  ],
}

/** The same attempt as the server sends it while the check's review setting withholds the answers. */
const withheld: AttemptResult = {
  ...result,
  answersShown: false,
  questions: result.questions.map((question) => ({
    ...question,
    options: question.options.map(({ id, text, chosen }) => ({ id, text, chosen })),
  })),
}

/** Module 2 whose check shows the answers after every attempt. */
const showingEveryTime: LearnerModule = { ...module, knowledgeCheck: { ...module.knowledgeCheck!, showAnswers: 'afterEachAttempt' } }

const notTaken: KnowledgeCheckState = { moduleId: 'm2', attempts: 0, bestScore: null, passed: false, attemptsLeft: 2, lastResult: null }

describe('the Check your knowledge card', () => {
  it('asks every question, says which are unanswered, sends the answers with the version, and shows the marked result', async () => {
    const user = userEvent.setup()
    const requests = mockApi((request) => {
      if (request.method === 'POST') return json({ ...notTaken, attempts: 1, bestScore: 50, attemptsLeft: 1, lastResult: result }, 201)
      return json(notTaken)
    })
    renderScreen(<KnowledgeCheckCard module={showingEveryTime} preview={false} />)
    const card = screen.getByRole('region', { name: 'Check your knowledge' })
    expect(card?.textContent).toContain(
      '2 questions about what this module teaches. Pass mark: 80 %. Pass it to mark this module complete. You see the right answers and explanations after each attempt.',
    )
    await user.click(await within(card).findByRole('button', { name: 'Start the knowledge check' }))
    expect(document.activeElement?.textContent).toContain('2 questions')

    const first = within(card).getByRole('group', { name: /Question 1 of 2/ })
    await user.click(within(first).getByLabelText('The inbox'))
    await user.click(within(card).getByRole('button', { name: 'Submit answers' }))
    expect(within(card).getByRole('alert')?.textContent).toContain('question 2 has no answer yet')
    expect(requests.filter((request) => request.method === 'POST')).toEqual([])

    await user.click(within(within(card).getByRole('group', { name: /Question 2 of 2/ })).getByLabelText('True'))
    await user.click(within(card).getByRole('button', { name: 'Submit answers' }))
    await within(card).findByRole('heading', { name: 'Not passed: 50 %' })
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: expect.objectContaining({ pathname: '/api/knowledge-checks/m2/attempts' }),
      body: {
        version: 5,
        answers: [
          { questionId: 'stage', optionIds: ['inbox'] },
          { questionId: 'notes', optionIds: ['true'] },
        ],
      },
    })
    expect(card?.textContent).toContain('1 of 2 right. The pass mark is 80 %.')
    expect(within(card).getByText('shows stages.', { exact: false }).innerHTML).toContain('<strong>pipeline</strong>')
    expect(within(card).getByText('The inbox holds messages.')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('after an attempt that withholds the answers, says the score, the pass mark, which questions were wrong and the attempts left, and offers a retry', async () => {
    const user = userEvent.setup()
    mockApi(() => json({ ...notTaken, attempts: 1, bestScore: 50, attemptsLeft: 1, lastResult: withheld }))
    renderScreen(<KnowledgeCheckCard module={module} preview={false} />)
    const card = screen.getByRole('region', { name: 'Check your knowledge' })
    expect(card.textContent).toContain('You see the right answers and explanations once you pass or have used every attempt.')
    await user.click(await within(card).findByRole('button', { name: 'Review your last attempt' }))
    const heading = await within(card).findByRole('heading', { name: 'Not passed: 50 %' })
    expect(document.activeElement).toBe(heading)
    const summary = heading.parentElement!.textContent
    expect(summary).toContain('1 of 2 right. The pass mark is 80 %.')
    expect(summary).toContain('Question 1 was not right.')
    expect(summary).toContain('1 attempt left.')
    expect(summary).toContain('You see the right answers and explanations once you pass or have used every attempt. Read the module again, then try again.')
    const questions = within(card).getAllByRole('listitem')
    expect(questions[0]!.textContent).toContain('Question 1Where do you see every deal by stage?Your answer was not rightYour answer: The inbox')
    expect(questions[1]!.textContent).toContain('You answered correctly')
    // Not what was right: neither the other option as the answer, nor a word of the explanations.
    expect(card.textContent).not.toMatch(/Correct answer|The pipeline board|holds messages|shows stages|Read the explanations/)

    await user.click(within(card).getByRole('button', { name: 'Try again' }))
    expect(document.activeElement?.textContent).toContain('2 questions')
    expect(within(card).getByRole('group', { name: /Question 1 of 2/ })).toBeTruthy()
  })

  it('offers no retry once every attempt is used, and shows the last result on request', async () => {
    const user = userEvent.setup()
    mockApi(() => json({ moduleId: 'm2', attempts: 2, bestScore: 50, passed: false, attemptsLeft: 0, lastResult: result }))
    renderScreen(<KnowledgeCheckCard module={module} preview={false} />)
    const card = screen.getByRole('region', { name: 'Check your knowledge' })
    await within(card).findByText('Not passed yet: best score 50 % after 2 attempts. 0 attempts left.')
    expect(within(card).queryByRole('button', { name: /Try again|Start/ })).toBeNull()
    await user.click(within(card).getByRole('button', { name: 'Review your last attempt' }))
    await within(card).findByRole('heading', { name: 'Not passed: 50 %' })
  })

  it('says when the check could not be loaded, and tries again', async () => {
    const user = userEvent.setup()
    let calls = 0
    mockApi(() => (++calls === 1 ? json({ error: { code: 'INTERNAL', message: 'Down' } }, 500) : json(notTaken)))
    renderScreen(<KnowledgeCheckCard module={module} preview={false} />)
    await user.click(await screen.findByRole('button', { name: 'Try Again' }))
    await screen.findByRole('button', { name: 'Start the knowledge check' })
  })

  it('is read-only in a preview: the questions, no attempt, no request', () => {
    const requests = mockApi(() => json(notTaken))
    renderScreen(<KnowledgeCheckCard module={module} preview />)
    expect(screen.getByText('Where do you see every deal by stage?')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    expect(requests).toEqual([])
  })
})
