import { describe, expect, it } from 'vitest'
import { CourseSchema, type CourseModule } from '../../shared/course/schema'
import evidenceV2 from './fixtures/knowledge-check-evidence.json'
import evidenceV3 from './fixtures/knowledge-check-evidence-v3.json'
import checksV2 from './fixtures/knowledge-checks.json'
import checksV3 from './fixtures/knowledge-checks-v3.json'
import modulesV2 from './fixtures/modules-v2.json'
import modulesV3 from './fixtures/modules-v3.json'

// Every seeded question is answered by its own module: for each correct option, a key phrase
// (src/server/course/fixtures/knowledge-check-evidence*.json) that the module's text states.
// Version 2's checks are read against version 2's modules; version 3's against the modules they
// are published with.

type Evidence = Record<string, Record<string, Record<string, string>>>

const SEEDED = [
  { version: 2, modules: modulesV2, checks: checksV2 as Record<string, unknown>, evidence: evidenceV2 as Evidence, minQuestions: 4 },
  { version: 3, modules: modulesV3, checks: checksV3 as Record<string, unknown>, evidence: evidenceV3 as Evidence, minQuestions: 5 },
]

/** Everything the module page says, without its knowledge check. */
function moduleText({ knowledgeCheck: _check, ...module }: CourseModule): string {
  const texts: string[] = []
  const walk = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      if (key !== 'id' && key !== 'provider') texts.push(value)
    } else if (Array.isArray(value)) value.forEach((item) => walk(item))
    else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) walk(item, name)
  }
  walk(module)
  return texts.join('\n')
}

describe.each(SEEDED)('the seeded knowledge checks of version $version', ({ modules, checks, evidence, minQuestions }) => {
  const course = CourseSchema.parse({ modules: modules.map((module) => ({ ...module, knowledgeCheck: checks[module.id] })) })

  it(`exist for all eight modules, ${minQuestions} to six questions each, none required for completion`, () => {
    expect(course.modules.map((module) => module.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'])
    for (const module of course.modules) {
      const count = module.knowledgeCheck!.questions.length
      expect(count, module.id).toBeGreaterThanOrEqual(minQuestions)
      expect(count, module.id).toBeLessThanOrEqual(6)
      expect(module.knowledgeCheck!.requirePass).toBe(false)
    }
    const kinds = new Set(course.modules.flatMap((module) => module.knowledgeCheck!.questions.map((question) => question.kind)))
    expect(kinds).toEqual(new Set(['single', 'multiple', 'trueFalse']))
  })

  it('give every option an explanation', () => {
    for (const module of course.modules) {
      for (const question of module.knowledgeCheck!.questions) {
        for (const option of question.options) expect(option.explanation, `${module.id} ${question.id} ${option.id}`).toBeTruthy()
      }
    }
  })

  it('state every right answer in that module’s own text: each correct option’s key phrase is there', () => {
    let checked = 0
    for (const module of course.modules) {
      const text = moduleText(module)
      for (const question of module.knowledgeCheck!.questions) {
        for (const option of question.options.filter((candidate) => candidate.correct)) {
          const phrase = evidence[module.id]?.[question.id]?.[option.id]
          const place = `${module.id}, ${question.id}, option ${option.id}`
          expect(phrase, `${place} has no key phrase`).toBeTruthy()
          expect(text, `${place}: “${phrase}”`).toContain(phrase)
          checked += 1
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8 * minQuestions)
  })

  it('hold key phrases only for correct options, so none is left over from an option that changed', () => {
    const correct = course.modules.flatMap((module) =>
      module.knowledgeCheck!.questions.flatMap((question) =>
        question.options.filter((option) => option.correct).map((option) => `${module.id} ${question.id} ${option.id}`),
      ),
    )
    const evidenced = Object.entries(evidence).flatMap(([module, questions]) =>
      Object.entries(questions).flatMap(([question, options]) => Object.keys(options).map((option) => `${module} ${question} ${option}`)),
    )
    expect(evidenced.sort()).toEqual(correct.sort())
  })
})
