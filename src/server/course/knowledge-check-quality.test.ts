import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CourseSchema, type KnowledgeCheck } from '../../shared/course/schema'
import { editModule } from '../test/course-studio'
import { createHarness, type Harness, type TestClient } from '../test/harness'
import { describeFigures, knowledgeCheckFigures, knowledgeCheckShortfalls } from '../test/knowledge-check-quality'
import checksV2 from './fixtures/knowledge-checks.json'
import checksV3 from './fixtures/knowledge-checks-v3.json'
import modulesV2 from './fixtures/modules-v2.json'
import modulesV3 from './fixtures/modules-v3.json'

// The seeded knowledge checks cannot be passed by guessing (docs/decisions/0081-edited-guides-seeded-as-version-3.md). The bar and its figures live in
// src/server/test/knowledge-check-quality.ts, so the same check runs over the fixture here and over
// any course document the server serves.

const withChecks = (modules: { id: string }[], checks: Record<string, unknown>) =>
  CourseSchema.parse({ modules: modules.map((module) => ({ ...module, knowledgeCheck: checks[module.id] })) }).modules

const v3 = withChecks(modulesV3, checksV3)
const v2 = withChecks(modulesV2, checksV2)

describe('the seeded knowledge checks of version 3', () => {
  it('meet the quality bar: 5–6 questions a module, the right answer neither the longest nor the shortest option more often than chance, spread over positions, true/false balanced, ids with no hint', () => {
    const figures = knowledgeCheckFigures(v3)
    console.info(`knowledge checks v3: ${describeFigures(figures)}`)
    expect(knowledgeCheckShortfalls(figures)).toEqual([])
    expect(figures.trueFalse.count).toBeGreaterThan(0)
    expect(figures.multipleChoice.count).toBeGreaterThan(0)
  })

  it('fail version 2’s checks: the right answer often the longest option, always the first, under ids that give it away', () => {
    const figures = knowledgeCheckFigures(v2)
    console.info(`knowledge checks v2: ${describeFigures(figures)}`)
    expect(knowledgeCheckShortfalls(figures)).toEqual(
      expect.arrayContaining([
        'the right answer is the longest option in 11 of 19 single-choice questions (58 %)',
        'position 1 holds 19 of 19 right answers of single-choice questions (100 %)',
        'the correct options come first in 12 of 12 multiple-choice questions',
        'm1 q1: the option ids run in sequence (a, b, c, d)',
        'm1 q1 option a: a letter id',
        'm1 q2 option a: the same id as m1 q1 option a',
      ]),
    )
  })
})

describe('the quality bar', () => {
  type Option = KnowledgeCheck['questions'][number]['options'][number]
  const option = (id: string, text: string, correct = false): Option => ({ id, text, correct })
  const single = (id: string, options: Option[]) => ({ id, kind: 'single' as const, prompt: 'Which?', options })
  const trueFalse = (id: string, answer: boolean) => ({
    id,
    kind: 'trueFalse' as const,
    prompt: 'Is it?',
    options: [option('true', 'True', answer), option('false', 'False', !answer)],
  })
  const check = (questions: KnowledgeCheck['questions']): KnowledgeCheck => ({ passMark: 80, requirePass: false, maxAttempts: null, questions })
  const shortfalls = (questions: KnowledgeCheck['questions']) => knowledgeCheckShortfalls(knowledgeCheckFigures([{ id: 'm1', knowledgeCheck: check(questions) }]))

  it('finds ids that give the answer away: letters, positions, sequences, words, and one id used twice', () => {
    const questions = [
      single('q1', [option('opt-1', 'One', true), option('opt-2', 'Two two'), option('opt-3', 'Three')]),
      single('q2', [option('k3j9x1', 'Four'), option('2', 'Five five', true), option('is-correct', 'Sixsix')]),
      single('q3', [option('k3j9x1', 'Seven'), option('p0q8z2', 'Eight eight', true), option('h', 'Nine')]),
      trueFalse('q4', true),
      trueFalse('q5', false),
    ]
    expect(knowledgeCheckFigures([{ id: 'm1', knowledgeCheck: check(questions) }]).idProblems).toEqual([
      'm1 q1: the option ids run in sequence (opt-1, opt-2, opt-3)',
      'm1 q2 option 2: the id is its position',
      'm1 q2 option is-correct: the id says what the option is',
      'm1 q3 option k3j9x1: the same id as m1 q2 option k3j9x1',
      'm1 q3 option h: a letter id',
    ])
    expect(shortfalls(questions)).toEqual(expect.arrayContaining(['m1 q3 option h: a letter id']))
  })

  it('finds a predictable right answer: the longest, the shortest, one position, true/false out of balance, too few questions', () => {
    const ids = (n: number) => Array.from({ length: 4 }, (_, index) => `x${n}y${index}z`)
    const longestFirst = (n: number) => {
      const [a, b, c, d] = ids(n)
      return single(`q${n}`, [option(a!, 'The longest option of all', true), option(b!, 'Short'), option(c!, 'Shorter'), option(d!, 'Tiny')])
    }
    expect(shortfalls([longestFirst(1), longestFirst(2), trueFalse('q3', true), trueFalse('q4', true)])).toEqual([
      'm1 has 4 questions, not 5–6',
      'the right answer is the longest option in 2 of 2 single-choice questions (100 %)',
      'position 1 holds 2 of 2 right answers of single-choice questions (100 %)',
      'position 1 holds 2 of 2 right answers of four-option single-choice questions (100 %)',
      '2 of 2 true/false answers are true (100 %)',
    ])
    const [a, b, c] = ids(9)
    expect(shortfalls([single('q1', [option(a!, 'Longer one'), option(b!, 'Tiny', true), option(c!, 'Long one')])])).toContain(
      'the right answer is the shortest option in 1 of 1 single-choice questions (100 %)',
    )
  })
})

describe('the quality bar over the course the server serves', () => {
  let h: Harness
  let admin: TestClient
  beforeAll(async () => {
    h = await createHarness()
    admin = (await h.signedIn({ role: 'admin' })).client
  })
  afterAll(() => h?.close())

  it('gives the same figures for the version 3 checks saved through the course studio and read back from the database', async () => {
    const served = []
    for (const module of v3) {
      const saved = await editModule(admin, module.id, (content) => ({ ...content, knowledgeCheck: module.knowledgeCheck }))
      const read = await admin.get(`/api/admin/course/modules/${module.id}`)
      expect(read.status, read.text).toBe(200)
      expect(read.json.revision).toBe(saved.revision)
      served.push({ id: module.id, knowledgeCheck: read.json.module.knowledgeCheck as KnowledgeCheck })
    }
    const figures = knowledgeCheckFigures(served)
    expect(figures).toEqual(knowledgeCheckFigures(v3))
    expect(knowledgeCheckShortfalls(figures)).toEqual([])
  })
})
