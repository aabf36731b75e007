import { describe, expect, it } from 'vitest'
import { CourseSchema, type CourseModule } from '../../shared/course/schema'
import evidence from './fixtures/knowledge-check-evidence.json'
import checks from './fixtures/knowledge-checks.json'
import modulesV2 from './fixtures/modules-v2.json'

// Every seeded question is answered by its own module: for each correct option, a key phrase
// (src/server/course/fixtures/knowledge-check-evidence.json) that the module's text states.

const course = CourseSchema.parse({
  modules: modulesV2.map((module) => ({ ...module, knowledgeCheck: checks[module.id as keyof typeof checks] })),
})
const phrases = evidence as Record<string, Record<string, Record<string, string>>>

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

describe('the seeded knowledge checks', () => {
  it('exist for all eight modules, four to six questions each, none required for completion', () => {
    expect(course.modules.map((module) => module.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'])
    for (const module of course.modules) {
      const count = module.knowledgeCheck!.questions.length
      expect(count, module.id).toBeGreaterThanOrEqual(4)
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
          const phrase = phrases[module.id]?.[question.id]?.[option.id]
          const place = `${module.id}, ${question.id}, option ${option.id}`
          expect(phrase, `${place} has no key phrase`).toBeTruthy()
          expect(text, `${place}: “${phrase}”`).toContain(phrase)
          checked += 1
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8 * 4)
  })
})
