import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LearnerKnowledgeCheck } from '../../shared/course/api-types'
import type { KnowledgeCheck, ShowAnswers } from '../../shared/course/schema'
import { MUST_PASS_MESSAGE, NO_ATTEMPTS_LEFT_MESSAGE, VERSION_CHANGED_MESSAGE } from '../../shared/course/knowledge-check-messages'
import { moduleProgress, quizAttempt, user as userTable } from '../db/schema'
import { draftCourse, editModule, publish } from '../test/course-studio'
import { asLearnerAnswers } from '../test/knowledge-check-answers'
import { createHarness, REFUSED_CALLERS, type Harness, type TestClient } from '../test/harness'

let h: Harness
let admin: TestClient
beforeAll(async () => {
  h = await createHarness()
  admin = (await h.signedIn({ role: 'admin', fullName: 'Ada Admin' })).client
})
afterAll(() => h?.close())

/** Module 2's check in these tests: one question of each kind. */
const CHECK: KnowledgeCheck = {
  passMark: 80,
  requirePass: false,
  maxAttempts: null,
  questions: [
    {
      id: 'stage',
      kind: 'single',
      prompt: 'Where do you see every deal by stage?',
      options: [
        { id: 'pipeline', text: 'The pipeline board', correct: true, explanation: 'The **pipeline** shows each deal by stage.' },
        { id: 'inbox', text: 'The inbox', correct: false, explanation: 'The inbox holds messages, not deals.' },
        { id: 'settings', text: 'Settings', correct: false },
      ],
    },
    {
      id: 'columns',
      kind: 'multiple',
      prompt: 'Which columns does the dashboard show?',
      options: [
        { id: 'client', text: 'Client', correct: true },
        { id: 'lender', text: 'Lender', correct: true },
        { id: 'horoscope', text: 'Horoscope', correct: false },
      ],
    },
    {
      id: 'notes',
      kind: 'trueFalse',
      prompt: 'Notes are logged against the client record.',
      options: [
        { id: 'true', text: 'True', correct: true, explanation: 'Every note lands on the record.' },
        { id: 'false', text: 'False', correct: false },
      ],
    },
  ],
}

const ALL_RIGHT = [
  { questionId: 'stage', optionIds: ['pipeline'] },
  { questionId: 'columns', optionIds: ['lender', 'client'] },
  { questionId: 'notes', optionIds: ['true'] },
]

async function setCheck(check: KnowledgeCheck | undefined): Promise<number> {
  await editModule(admin, 'm2', ({ knowledgeCheck: _old, ...module }) => (check ? { ...module, knowledgeCheck: check } : module))
  // Already live as it is: nothing to publish.
  if (!(await draftCourse(admin)).hasChanges) return h.courseStore.current().version
  return publish(admin, 'Knowledge check changed')
}

type Answer = { questionId: string; optionIds: string[] }
const isAnswerList = (answers: unknown): answers is Answer[] =>
  Array.isArray(answers) && answers.every((answer) => Array.isArray((answer as Answer | undefined)?.optionIds))

/**
 * Sends answers written with the document's option ids as the learner's own ids, which is what the
 * learner's page sends (an id the question does not have goes as it is, to be refused).
 */
const submit = async (client: TestClient, answers: unknown, version: unknown = h.courseStore.current().version, moduleId = 'm2') => {
  const live = h.courseStore.current().document.modules[1]!.knowledgeCheck!
  const sent = moduleId === 'm2' && isAnswerList(answers) ? await asLearnerAnswers(client, live, 2, answers) : answers
  return client.post(`/api/knowledge-checks/${moduleId}/attempts`, { version, answers: sent })
}
/** As it is: no translation to the learner's ids. */
const submitRaw = (client: TestClient, answers: unknown) =>
  client.post('/api/knowledge-checks/m2/attempts', { version: h.courseStore.current().version, answers })

/** The check this learner is sent on module 2's page. */
const learnerCheck = async (client: TestClient): Promise<LearnerKnowledgeCheck> => {
  const response = await client.get('/api/course/modules/2')
  expect(response.status, response.text).toBe(200)
  return response.json.knowledgeCheck
}

const attemptsOf = (userId: string) => h.db.select().from(quizAttempt).where(eq(quizAttempt.userId, userId))
const lastActivityOf = async (userId: string) =>
  (await h.db.select({ at: userTable.lastActivityAt }).from(userTable).where(eq(userTable.id, userId)))[0]!.at

beforeAll(async () => {
  // Module 3 without one, for the answers about a module that has none.
  await editModule(admin, 'm3', ({ knowledgeCheck: _seeded, ...module }) => module)
  await setCheck(CHECK)
})

const summaryOf = async (client: TestClient, moduleId: string) =>
  ((await client.get('/api/knowledge-checks')).json as { moduleId: string }[]).find((summary) => summary.moduleId === moduleId)

describe('the quiz a learner is sent', () => {
  it('carries the questions and options under ids of the learner’s own, but no correctness flag and no explanation', async () => {
    const { client } = await h.signedIn()
    const response = await client.get('/api/course/modules/2')
    expect(response.status).toBe(200)
    const { questions, ...settings } = response.json.knowledgeCheck as LearnerKnowledgeCheck
    // No review setting in the document: the default.
    expect(settings).toEqual({ passMark: 80, requirePass: false, maxAttempts: null, showAnswers: 'afterPassOrLastAttempt' })
    expect(questions.map(({ id, kind, prompt }) => ({ id, kind, prompt }))).toEqual(CHECK.questions.map(({ id, kind, prompt }) => ({ id, kind, prompt })))
    questions.forEach((question, index) => {
      const source = CHECK.questions[index]!
      expect(question.options.map((option) => option.text).sort()).toEqual(source.options.map((option) => option.text).sort())
      for (const option of question.options) {
        expect(Object.keys(option).sort()).toEqual(['id', 'text'])
        expect(option.id).toMatch(/^[0-9a-f]{16}$/)
      }
    })
    // True and False keep their order.
    expect(questions[2]!.options.map((option) => option.text)).toEqual(['True', 'False'])
    expect(response.text).not.toMatch(/"correct"|explanation|The inbox holds messages|"pipeline"|"true"/)
    // A module without one says so.
    expect((await client.get('/api/course/modules/3')).json.knowledgeCheck).toBeNull()
  })

  it('is the state of a learner who has not taken it: no attempts, no score, no result', async () => {
    const { client } = await h.signedIn()
    const response = await client.get('/api/knowledge-checks/m2')
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ moduleId: 'm2', attempts: 0, bestScore: null, passed: false, attemptsLeft: null, lastResult: null })
    const summaries = (await client.get('/api/knowledge-checks')).json
    expect(summaries).toContainEqual({ moduleId: 'm2', attempts: 0, bestScore: null, passed: false })
    expect(summaries.map((summary: { moduleId: string }) => summary.moduleId)).not.toContain('m3')
    expect((await client.get('/api/knowledge-checks/m3')).status).toBe(404)
    expect((await client.get('/api/knowledge-checks/nope')).status).toBe(404)
  })
})

describe('marking, on the server', () => {
  it('scores every question of each kind right: 100 %, passed, with the explanations', async () => {
    const { client, user } = await h.signedIn()
    const before = await lastActivityOf(user.id)
    const response = await submit(client, ALL_RIGHT)
    expect(response.status, response.text).toBe(201)
    expect(response.json).toMatchObject({ attempts: 1, bestScore: 100, passed: true, attemptsLeft: null })
    // An attempt is activity, for the admin's reports.
    expect((await lastActivityOf(user.id))!.getTime()).toBeGreaterThan(before?.getTime() ?? 0)
    const result = response.json.lastResult
    expect(result).toMatchObject({ score: 100, passMark: 80, passed: true, version: h.courseStore.current().version })
    expect(result.questions.map((question: { isCorrect: boolean }) => question.isCorrect)).toEqual([true, true, true])
    // In the order and under the ids the learner was sent the question.
    const asked = (await learnerCheck(client)).questions[0]!.options
    const idOf = (text: string) => asked.find((option) => option.text === text)!.id
    expect(result.answersShown).toBe(true)
    expect(result.questions[0].options.map((option: { id: string }) => option.id)).toEqual(asked.map((option) => option.id))
    expect(result.questions[0].options).toEqual(
      expect.arrayContaining([
        {
          id: idOf('The pipeline board'),
          text: 'The pipeline board',
          correct: true,
          chosen: true,
          explanation: { html: 'The <strong>pipeline</strong> shows each deal by stage.' },
        },
        { id: idOf('The inbox'), text: 'The inbox', correct: false, chosen: false, explanation: { html: 'The inbox holds messages, not deals.' } },
        { id: idOf('Settings'), text: 'Settings', correct: false, chosen: false, explanation: null },
      ]),
    )
    expect(await attemptsOf(user.id)).toMatchObject([{ moduleId: 'm2', score: 100, passed: true }])
  })

  it('gives a wrong single choice 0, a partial multiple choice 0, an extra option 0, and a wrong true/false 0', async () => {
    const { client } = await h.signedIn()
    const partial = await submit(client, [
      { questionId: 'stage', optionIds: ['inbox'] },
      { questionId: 'columns', optionIds: ['client'] },
      { questionId: 'notes', optionIds: ['true'] },
    ])
    expect(partial.status).toBe(201)
    expect(partial.json.lastResult.questions.map((q: { isCorrect: boolean }) => q.isCorrect)).toEqual([false, false, true])
    expect(partial.json.lastResult).toMatchObject({ score: 33, passed: false })
    const extra = await submit(client, [
      { questionId: 'stage', optionIds: ['pipeline'] },
      { questionId: 'columns', optionIds: ['client', 'lender', 'horoscope'] },
      { questionId: 'notes', optionIds: ['false'] },
    ])
    expect(extra.json.lastResult.questions.map((q: { isCorrect: boolean }) => q.isCorrect)).toEqual([true, false, false])
    expect(extra.json).toMatchObject({ attempts: 2, bestScore: 33, passed: false, lastResult: { score: 33 } })
  })

  it('counts the best score, not the last', async () => {
    const { client } = await h.signedIn()
    await submit(client, ALL_RIGHT)
    const worse = await submit(client, [
      { questionId: 'stage', optionIds: ['inbox'] },
      { questionId: 'columns', optionIds: ['client'] },
      { questionId: 'notes', optionIds: ['false'] },
    ])
    expect(worse.json).toMatchObject({ attempts: 2, bestScore: 100, passed: true, lastResult: { score: 0, passed: false } })
    expect(await summaryOf(client, 'm2')).toEqual({ moduleId: 'm2', attempts: 2, bestScore: 100, passed: true })
  })

  it('refuses answers that do not fit the check with a 400, recording nothing', async () => {
    const { client, user } = await h.signedIn()
    const cases: [unknown, string][] = [
      [[...ALL_RIGHT, { questionId: 'ghost', optionIds: ['a'] }], 'a question this knowledge check does not have'],
      [[ALL_RIGHT[0], ALL_RIGHT[0], ALL_RIGHT[1], ALL_RIGHT[2]], 'A question is answered twice'],
      [[ALL_RIGHT[0], { questionId: 'columns', optionIds: ['client', 'client'] }, ALL_RIGHT[2]], 'An option is chosen twice'],
      [[ALL_RIGHT[0], ALL_RIGHT[1]], 'Answer every question'],
      [[{ questionId: 'stage', optionIds: ['pipeline', 'inbox'] }, ALL_RIGHT[1], ALL_RIGHT[2]], 'Choose one answer for this question'],
      [[{ questionId: 'stage', optionIds: ['lender'] }, ALL_RIGHT[1], ALL_RIGHT[2]], 'an option the question does not have'],
      [[{ questionId: 'stage', optionIds: [] }, ALL_RIGHT[1], ALL_RIGHT[2]], 'Choose an answer for every question'],
      [[{ questionId: 'Stage!', optionIds: ['pipeline'] }], 'Question id must be'],
      ['everything', 'answers must be a list'],
    ]
    for (const [answers, message] of cases) {
      const response = await submit(client, answers)
      expect(response.status, JSON.stringify(answers)).toBe(400)
      expect(response.json.error.code).toBe('VALIDATION_FAILED')
      expect(response.json.error.message).toContain(message)
    }
    const extraField = await client.post('/api/knowledge-checks/m2/attempts', { version: 1, answers: ALL_RIGHT, score: 100 })
    expect(extraField.status).toBe(400)
    expect(await attemptsOf(user.id)).toEqual([])
  })

  it('refuses answers for another version with a 409, and a module without a check with a 404', async () => {
    const { client, user } = await h.signedIn()
    const live = h.courseStore.current().version
    for (const version of [live - 1, live + 1]) {
      const response = await submit(client, ALL_RIGHT, version)
      expect(response.status).toBe(409)
      expect(response.json.error.message).toBe(VERSION_CHANGED_MESSAGE)
    }
    expect((await submit(client, ALL_RIGHT, live, 'm3')).status).toBe(404)
    expect((await submit(client, ALL_RIGHT, live, 'm99')).status).toBe(404)
    expect(await attemptsOf(user.id)).toEqual([])
  })
})

describe('the owner’s settings', () => {

  it('ends the attempts at the maximum, on the server', async () => {
    await setCheck({ ...CHECK, maxAttempts: 2 })
    const { client, user } = await h.signedIn()
    const before = await lastActivityOf(user.id)
    expect((await client.get('/api/knowledge-checks/m2')).json.attemptsLeft).toBe(2)
    expect((await submit(client, [ALL_RIGHT[0], { questionId: 'columns', optionIds: ['client'] }, ALL_RIGHT[2]])).json.attemptsLeft).toBe(1)
    // Two at once for the last attempt: one is taken.
    const [first, second] = await Promise.all([submit(client, ALL_RIGHT), submit(client, ALL_RIGHT)])
    expect([first.status, second.status].sort()).toEqual([201, 409])
    const refused = await submit(client, ALL_RIGHT)
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe(NO_ATTEMPTS_LEFT_MESSAGE)
    expect(await attemptsOf(user.id)).toHaveLength(2)
    expect((await client.get('/api/knowledge-checks/m2')).json).toMatchObject({ attempts: 2, attemptsLeft: 0, bestScore: 100 })
    expect((await lastActivityOf(user.id))!.getTime()).toBeGreaterThan(before?.getTime() ?? 0)
  })

  it('locks the complete button until the learner passes, when the owner asks for it', async () => {
    await setCheck({ ...CHECK, requirePass: true })
    const { client, user } = await h.signedIn()
    const locked = await client.put('/api/progress/m2', { completed: true })
    expect(locked.status).toBe(409)
    expect(locked.json.error.message).toBe(MUST_PASS_MESSAGE)
    await submit(client, [ALL_RIGHT[0], { questionId: 'columns', optionIds: ['client'] }, { questionId: 'notes', optionIds: ['false'] }])
    expect((await client.put('/api/progress/2', { completed: true })).status).toBe(409)
    expect(await h.db.select().from(moduleProgress).where(eq(moduleProgress.userId, user.id))).toEqual([])
    await submit(client, ALL_RIGHT)
    const opened = await client.put('/api/progress/m2', { completed: true })
    expect(opened.status, opened.text).toBe(200)
    expect(opened.json.completedModuleNumbers).toEqual([2])
    // Other modules are not gated, and marking incomplete never is.
    expect((await client.put('/api/progress/m3', { completed: true })).status).toBe(200)
    expect((await client.put('/api/progress/m2', { completed: false })).status).toBe(200)
  })

  it('leaves completion as it was with "must pass" off', async () => {
    await setCheck(CHECK)
    const { client } = await h.signedIn()
    expect((await client.put('/api/progress/m2', { completed: true })).status).toBe(200)
  })
})

describe('option ids that give nothing away', () => {
  /** An owner's check from before random ids: the right option is "a", and first. */
  const LETTERED: KnowledgeCheck = {
    ...CHECK,
    questions: [
      {
        id: 'q1',
        kind: 'single',
        prompt: 'Which board shows every live deal?',
        options: [
          { id: 'a', text: 'The mortgage board', correct: true },
          { id: 'b', text: 'The inbox', correct: false },
          { id: 'c', text: 'The calendar', correct: false },
          { id: 'd', text: 'The contact list', correct: false },
        ],
      },
    ],
  }
  const RIGHT_TEXT = 'The mortgage board'

  it('differ from the document’s and from learner to learner, and so does the right option’s place', async () => {
    await setCheck(LETTERED)
    try {
      const seen: { id: string; position: number }[] = []
      for (let learner = 0; learner < 10; learner += 1) {
        const { client } = await h.signedIn()
        const options = (await learnerCheck(client)).questions[0]!.options
        for (const option of options) expect(['a', 'b', 'c', 'd']).not.toContain(option.id)
        const position = options.findIndex((option) => option.text === RIGHT_TEXT)
        seen.push({ id: options[position]!.id, position })
        // The same learner is sent the same ids again: a reload or a retry agrees with the first page.
        expect((await learnerCheck(client)).questions[0]!.options).toEqual(options)
      }
      expect(new Set(seen.map((item) => item.id)).size).toBe(10)
      expect(new Set(seen.map((item) => item.position)).size).toBeGreaterThan(1)
    } finally {
      await setCheck(CHECK)
    }
  })

  it('mark the learner’s own ids right, and refuse the document’s ids, another learner’s and made-up ones with a 400 that records nothing', async () => {
    await setCheck(LETTERED)
    try {
      const first = await h.signedIn()
      const second = await h.signedIn()
      const rightOf = async (client: TestClient) =>
        (await learnerCheck(client)).questions[0]!.options.find((option) => option.text === RIGHT_TEXT)!.id
      const othersRight = await rightOf(first.client)
      for (const optionId of ['a', othersRight, 'zzzzzzzzzzzzzzzz']) {
        const response = await submitRaw(second.client, [{ questionId: 'q1', optionIds: [optionId] }])
        expect(response.status, optionId).toBe(400)
        expect(response.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'An answer names an option the question does not have' })
      }
      expect(await attemptsOf(second.user.id)).toEqual([])
      const marked = await submitRaw(second.client, [{ questionId: 'q1', optionIds: [await rightOf(second.client)] }])
      expect(marked.status, marked.text).toBe(201)
      expect(marked.json).toMatchObject({ attempts: 1, passed: true, lastResult: { score: 100 } })
      // Kept under the document's ids, which the reports read.
      expect(await attemptsOf(second.user.id)).toMatchObject([{ answers: [{ questionId: 'q1', optionIds: ['a'], correct: true }] }])
    } finally {
      await setCheck(CHECK)
    }
  })
})

describe('review options: what an attempt’s result tells', () => {
  /** Question 1 wrong: 67 %, under the pass mark of 80. */
  const FAILING = [{ questionId: 'stage', optionIds: ['inbox'] }, ALL_RIGHT[1]!, ALL_RIGHT[2]!]
  const EXPLANATION_TEXT = /pipeline<\/strong>|holds messages|Every note lands/

  /** The raw answer holds the score and which questions were wrong, and no right option or explanation anywhere. */
  function expectWithheld(response: { status: number; text: string; json: any }, score = 67) {
    expect(response.status, response.text).toBeLessThan(300)
    expect(response.text).not.toMatch(/"correct"|"explanation"/)
    expect(response.text).not.toMatch(EXPLANATION_TEXT)
    const result = response.json.lastResult
    expect(result).toMatchObject({ answersShown: false, score, passMark: 80 })
    expect(result.questions.map((question: { id: string; isCorrect: boolean }) => [question.id, question.isCorrect])).toEqual(
      score === 67 ? [['stage', false], ['columns', true], ['notes', true]] : [['stage', true], ['columns', true], ['notes', true]],
    )
    for (const question of result.questions) {
      for (const option of question.options) expect(Object.keys(option).sort()).toEqual(['chosen', 'id', 'text'])
    }
    if (score === 67) expect(result.questions[0].options.filter((option: { chosen: boolean }) => option.chosen).map((option: { text: string }) => option.text)).toEqual(['The inbox'])
  }

  /** The right options and the explanations are there. */
  function expectShown(response: { status: number; text: string; json: any }) {
    expect(response.status, response.text).toBeLessThan(300)
    const result = response.json.lastResult
    expect(result.answersShown).toBe(true)
    expect(result.questions[0].options.find((option: { text: string }) => option.text === 'The pipeline board')).toMatchObject({
      correct: true,
      explanation: { html: 'The <strong>pipeline</strong> shows each deal by stage.' },
    })
    expect(response.text).toContain('The inbox holds messages, not deals.')
  }

  const withMode = (showAnswers: ShowAnswers | undefined, maxAttempts: number | null) =>
    setCheck({ ...CHECK, maxAttempts, ...(showAnswers ? { showAnswers } : {}) })

  it('by default, withholds them after a failed attempt, in the answer and on reload, and shows them once the learner passes', async () => {
    await withMode(undefined, null)
    const { client } = await h.signedIn()
    expectWithheld(await submit(client, FAILING))
    expectWithheld(await client.get('/api/knowledge-checks/m2'))
    const passed = await submit(client, ALL_RIGHT)
    expectShown(passed)
    expectShown(await client.get('/api/knowledge-checks/m2'))
  })

  it('by default, shows them after the last attempt, passed or not', async () => {
    await withMode(undefined, 2)
    const { client } = await h.signedIn()
    expectWithheld(await submit(client, FAILING))
    const last = await submit(client, FAILING)
    expect(last.json.attemptsLeft).toBe(0)
    expectShown(last)
    expectShown(await client.get('/api/knowledge-checks/m2'))
  })

  it('“after each attempt” shows them after a failed one', async () => {
    await withMode('afterEachAttempt', null)
    const { client } = await h.signedIn()
    expectShown(await submit(client, FAILING))
    expectShown(await client.get('/api/knowledge-checks/m2'))
  })

  it('“after they pass” withholds them from a learner who has used every attempt without passing', async () => {
    await withMode('afterPass', 1)
    const { client } = await h.signedIn()
    const only = await submit(client, FAILING)
    expect(only.json.attemptsLeft).toBe(0)
    expectWithheld(only)
    const other = await h.signedIn()
    expectShown(await submit(other.client, ALL_RIGHT))
  })

  it('“after the last attempt” withholds them from a learner who passed with attempts left, and shows them at the last', async () => {
    await withMode('afterLastAttempt', 2)
    const { client } = await h.signedIn()
    const passed = await submit(client, ALL_RIGHT)
    expect(passed.json).toMatchObject({ passed: true, attemptsLeft: 1 })
    expectWithheld(passed, 100)
    expectShown(await submit(client, FAILING))
  })

  it('“never” withholds them after a pass and after the last attempt', async () => {
    await withMode('never', 1)
    const failed = await h.signedIn()
    expectWithheld(await submit(failed.client, FAILING))
    expectWithheld(await failed.client.get('/api/knowledge-checks/m2'))
    const passed = await h.signedIn()
    expectWithheld(await submit(passed.client, ALL_RIGHT), 100)
  })

  it('applies today’s setting to an earlier result: an owner who turns them off withholds them at once', async () => {
    await withMode('afterEachAttempt', null)
    const { client } = await h.signedIn()
    expectShown(await submit(client, FAILING))
    await withMode('never', null)
    expectWithheld(await client.get('/api/knowledge-checks/m2'))
    await setCheck(CHECK)
  })

  it('is saved by the editor, and an unknown setting is a 400 that changes nothing', async () => {
    await setCheck(CHECK)
    const before = (await admin.get('/api/admin/course/modules/m2')).json
    const saved = await admin.put('/api/admin/course/modules/m2', {
      baseRevision: before.revision,
      module: { ...before.module, knowledgeCheck: { ...before.module.knowledgeCheck, showAnswers: 'sometimes' } },
    })
    expect(saved.status).toBe(400)
    expect(saved.json.error.code).toBe('VALIDATION_FAILED')
    expect(saved.json.error.message).toContain('Show the right answers must be')
    expect((await admin.get('/api/admin/course/modules/m2')).json).toEqual(before)
    await withMode('never', null)
    expect((await admin.get('/api/admin/course/modules/m2')).json.module.knowledgeCheck.showAnswers).toBe('never')
    const { client } = await h.signedIn()
    expect((await learnerCheck(client)).showAnswers).toBe('never')
    await setCheck(CHECK)
  })
})

describe('a republished course', () => {
  it('keeps each attempt on the version it was taken on, and its result marked against that version', async () => {
    const { client, user } = await h.signedIn()
    const before = h.courseStore.current().version
    await submit(client, ALL_RIGHT)
    // The owner changes the right answer to the first question.
    const changed: KnowledgeCheck = {
      ...CHECK,
      questions: [
        {
          ...CHECK.questions[0]!,
          prompt: 'Where do messages arrive?',
          options: CHECK.questions[0]!.options.map((option) => ({ ...option, correct: option.id === 'inbox' })),
        },
        ...CHECK.questions.slice(1),
      ],
    }
    const after = await setCheck(changed)
    expect(after).toBeGreaterThan(before)
    const state = (await client.get('/api/knowledge-checks/m2')).json
    expect(state).toMatchObject({ attempts: 1, bestScore: 100, passed: true, lastResult: { version: before, score: 100 } })
    expect(state.lastResult.questions[0].prompt).toBe('Where do you see every deal by stage?')
    expect(await attemptsOf(user.id)).toMatchObject([{ courseVersion: before }])
    const second = await submit(client, ALL_RIGHT, after)
    expect(second.json.lastResult).toMatchObject({ version: after, score: 67 })
    expect((await attemptsOf(user.id)).map((row) => row.courseVersion).sort()).toEqual([before, after])
    await setCheck(CHECK)
  })
})

describe('who may', () => {
  it('is the signed-in learner’s own: 401 without a session, 403 before a temporary password is changed', async () => {
    for (const send of [
      (c: TestClient) => c.get('/api/knowledge-checks'),
      (c: TestClient) => c.get('/api/knowledge-checks/m2'),
      (c: TestClient) => submit(c, ALL_RIGHT),
    ]) {
      const anonymous = await send(h.client())
      expect(anonymous.status).toBe(401)
      const { client } = await h.signedIn({ isTemporary: true })
      const locked = await send(client)
      expect(locked.status).toBe(403)
      expect(locked.json.error.code).toBe('PASSWORD_CHANGE_REQUIRED')
    }
  })

  it('never shows or counts another learner’s attempts', async () => {
    const other = await h.signedIn()
    await submit(other.client, ALL_RIGHT)
    const { client } = await h.signedIn()
    const mine = await client.get(`/api/knowledge-checks/m2?userId=${other.user.id}`)
    expect(mine.json).toMatchObject({ attempts: 0, lastResult: null })
  })
})

describe('GET /api/admin/course/questions', () => {
  const statOf = async (questionId: string) => {
    const response = await admin.get('/api/admin/course/questions')
    expect(response.status).toBe(200)
    const module = response.json.modules.find((candidate: { id: string }) => candidate.id === 'm2')
    return module.questions.find((question: { id: string }) => question.id === questionId)
  }

  it('counts, per question, the learners who answered it and those right the first time', async () => {
    await setCheck(CHECK)
    const before = await statOf('stage')
    const wrongFirst = [{ questionId: 'stage', optionIds: ['inbox'] }, ...ALL_RIGHT.slice(1)]
    const first = await h.signedIn()
    await submit(first.client, ALL_RIGHT)
    const second = await h.signedIn()
    await submit(second.client, wrongFirst)
    // A later right answer does not make the first one right.
    await submit(second.client, ALL_RIGHT)
    const after = await statOf('stage')
    expect(after).toMatchObject({ id: 'stage', prompt: 'Where do you see every deal by stage?' })
    expect(after.answeredBy - before.answeredBy).toBe(2)
    expect(after.rightFirstTime - before.rightFirstTime).toBe(1)
    expect(after.rightFirstTimePercent).toBe(Math.round((after.rightFirstTime / after.answeredBy) * 100))
    const response = await admin.get('/api/admin/course/questions')
    expect(response.json.modules.map((module: { moduleNumber: number }) => module.moduleNumber)).not.toContain(3)
  })

  it('is for admins only', async () => {
    for (const [caller, status, code] of REFUSED_CALLERS) {
      const response = await (await h.clientAs(caller)).get('/api/admin/course/questions')
      expect(response.status, caller).toBe(status)
      expect(response.json.error.code).toBe(code)
    }
  })
})
