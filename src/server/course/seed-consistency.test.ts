import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Course, CourseModule } from '../../shared/course/schema'
import { createHarness, type Harness } from '../test/harness'

// The course a fresh install serves (version 3, drizzle/0011_course_guides_v3.sql) read as one
// course: every module names the lead board's statuses and the mortgage board's stages as
// docs/spec.md lists them, in its order wherever it lists them, and no module page says the same
// thing three times (docs/decisions/0081-edited-guides-seeded-as-version-3.md).

let h: Harness
let course: Course
beforeAll(async () => {
  h = await createHarness()
  course = h.courseStore.current().document
})
afterAll(() => h?.close())

const spec = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/spec.md'), 'utf8')

/** One of the lists in docs/spec.md (the course content section), as the guides write its names: a name the spec writes in lower case (but new lead) capitalised. */
function specList(label: string): string[] {
  const line = spec.split('\n').find((candidate) => candidate.startsWith(`- ${label}: `))
  if (!line) throw new Error(`docs/spec.md has no line “${label}”`)
  return line
    .slice(label.length + 4)
    .replace(/\.$/, '')
    .split(', ')
    .filter((item) => !item.startsWith('then '))
    .map((item) => item.replace(/ \(automatic after submission\)$/, ''))
    .map((item) => (item === item.toLowerCase() && item !== 'new lead' ? item.replace(/(^| )(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase()) : item))
}

const LEAD_STATUSES = specList('Lead board statuses taught in the guides')
const LIVE_DEAL_STAGES = specList('Live-deal stages taught')
const LOSS_STAGES = specList('Loss stages taught')
const NAMED = [...LEAD_STATUSES, ...LIVE_DEAL_STAGES, ...LOSS_STAGES]

/**
 * The other names written in Title Case in a sentence about a board's columns, stages or statuses:
 * the task fields' values, the columns of the example custom boards, and screens. A new one is
 * added here on purpose, never a variant of a stage or status.
 */
const OTHER_NAMES = new Set([
  'Active',
  'Inactive',
  'High',
  'Medium',
  'Low',
  'Kanban',
  'Days Out',
  'Options Sent',
  'Renewed',
  'Referred',
  'Realtor Thanked',
  'Approval Shared',
  'Closed',
  'Thank-You Sent',
  'Review Requested',
  'Month Check-In',
  'Realtor',
  'Financial Planner',
  'Past Client',
  'Bank',
  'Reports',
  'Tasks',
  'Contacts',
  'Automations',
  'Edit',
])

/** Every text a module page shows, its knowledge check left out; its title and its lessons' titles with `titles`. */
function pageTexts(module: CourseModule, { titles = true } = {}): string[] {
  return [
    ...(titles ? [module.title] : []),
    module.introduction,
    ...module.lessons.flatMap((lesson) => [...(titles ? [lesson.title] : []), lesson.summary, ...lesson.keyPoints]),
    ...module.guide.flatMap((step) => [step.title, step.detail]),
    ...module.importantReminders,
    ...module.proTips,
    module.actionStep.title,
    module.actionStep.description,
    ...module.keyTakeaways,
  ]
}

const sentencesOf = (text: string) => text.split(/(?<=[.;:!?])\s+/)

/** The names of `list` in `text`, in the order the text names them, each where it first stands. */
function namesIn(text: string, list: string[]): string[] {
  const found: { name: string; at: number }[] = []
  for (const name of list) {
    // A longer name that contains this one (Docs Received in… none today; Out to Lender in none) is found by itself.
    const pattern = new RegExp(`(?<![\\p{L}])${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\p{L}])`, 'gu')
    for (const match of text.matchAll(pattern)) found.push({ name, at: match.index })
  }
  return found.sort((a, b) => a.at - b.at).map((item) => item.name)
}

describe('the served course’s stages and statuses', () => {
  it('are the spec’s lists, read from docs/spec.md', () => {
    expect(LEAD_STATUSES).toEqual(['new lead', 'Contacted', 'Discovery Call Booked', 'Call Completed'])
    expect(LIVE_DEAL_STAGES).toEqual([
      'Borrower Editing App',
      'New App Created Internally',
      'App Received',
      'Waiting on Documents',
      'Docs Received',
      'Need to Submit Live Deal (refinance or switch)',
      'Out to Lender',
      'Commitment',
      'Approval Package',
      'Instructed',
      'Funded',
    ])
    expect(LOSS_STAGES).toEqual(['Mortgage Lost/Cancelled', 'Decline to Action', 'Do Not Qualify', 'On Hold', 'Ready for Compliance'])
  })

  it('are all taught: module 3 names every lead status, module 5 every live deal and loss stage', () => {
    const module3 = pageTexts(course.modules[2]!).join('\n')
    const module5 = pageTexts(course.modules[4]!).join('\n')
    for (const status of LEAD_STATUSES) expect(module3, status).toContain(status)
    for (const stage of [...LIVE_DEAL_STAGES, ...LOSS_STAGES]) expect(module5, stage).toContain(stage)
  })

  it('are named only by the spec’s names in every sentence about a board’s columns, stages or statuses', () => {
    const unknown: string[] = []
    for (const module of course.modules) {
      // Titles are in title case, and a quoted example is a name the learner chooses.
      for (const sentence of pageTexts(module, { titles: false }).flatMap(sentencesOf)) {
        if (!/\b(stages?|status(es)?|columns?|card|board)\b/i.test(sentence)) continue
        // What is left once the known names, the quoted examples and the sentence's first word are
        // taken out: any other run of capitalised words.
        let rest = sentence.replace(/“[^”]*”/g, ' ').replace(/\bModules? \d( to \d)?/g, ' ')
        for (const name of [...NAMED].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ')
        rest = rest.replace(/^\P{L}*\p{L}+/u, ' ')
        const runs = rest.match(/(?<![\p{L}\d-])\p{Lu}[\p{L}’'/-]*(?: (?:to |on |for |or )?\p{Lu}[\p{L}’'/-]*)*/gu) ?? []
        for (const run of runs) {
          if (/^\p{Lu}+$/u.test(run) || OTHER_NAMES.has(run)) continue
          unknown.push(`${module.id}: “${run}” in “${sentence}”`)
        }
      }
    }
    expect(unknown).toEqual([])
  })

  it('are in the spec’s order wherever a sentence names three or more of one list', () => {
    const outOfOrder: string[] = []
    for (const module of course.modules) {
      for (const text of pageTexts(module).flatMap(sentencesOf)) {
        for (const list of [LEAD_STATUSES, LIVE_DEAL_STAGES, LOSS_STAGES]) {
          const names = namesIn(text, list).filter((name, index, all) => name !== all[index - 1])
          if (new Set(names).size < 3) continue
          const positions = names.map((name) => list.indexOf(name))
          if (positions.some((position, index) => index > 0 && position < positions[index - 1]!)) outOfOrder.push(`${module.id}: ${names.join(' → ')}`)
        }
      }
    }
    expect(outOfOrder).toEqual([])
  })

  it('are listed whole where module 5 promises the live deal stages in order, and where module 3 shows the lead board', () => {
    const promises = course.modules.flatMap((module) => pageTexts(module)).filter((text) => /live deal stages in order/i.test(text))
    expect(promises.length).toBeGreaterThan(0)
    for (const text of promises) expect(namesIn(text, LIVE_DEAL_STAGES), text).toEqual(LIVE_DEAL_STAGES)
    const arrows = course.modules.flatMap((module) => pageTexts(module)).filter((text) => text.includes(' → '))
    expect(arrows.length).toBeGreaterThan(0)
    for (const text of arrows) expect(namesIn(text, LEAD_STATUSES), text).toEqual(LEAD_STATUSES)
  })

  it('keep each loss stage for what the spec lists it as: every text that names them all names all five', () => {
    for (const text of course.modules.flatMap((module) => pageTexts(module)).filter((candidate) => /\bloss stages\b/i.test(candidate))) {
      const names = namesIn(text, LOSS_STAGES)
      if (names.length >= 3) expect(names, text).toEqual(LOSS_STAGES)
    }
  })
})

/** A text's words, lower case, its apostrophes and the thousands' commas of its figures left out. */
const wordsOf = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/(\d),(\d)/g, '$1$2')
    .match(/[\p{L}\p{N}]+/gu) ?? []

/** The runs of five words that stand in three or more sentences of one module page. */
function restated(module: CourseModule): string[] {
  const sentencesWith = new Map<string, number>()
  for (const sentence of pageTexts(module).flatMap(sentencesOf)) {
    const words = wordsOf(sentence)
    const runs = new Set(words.slice(0, Math.max(0, words.length - 4)).map((_, at) => words.slice(at, at + 5).join(' ')))
    for (const run of runs) sentencesWith.set(run, (sentencesWith.get(run) ?? 0) + 1)
  }
  return [...sentencesWith].filter(([, count]) => count >= 3).map(([run, count]) => `“${run}” ×${count}`)
}

describe('the served course’s module pages', () => {
  it('state no fact three times on one page: no run of five words stands in three sentences', () => {
    expect(Object.fromEntries(course.modules.map((module) => [module.id, restated(module)]))).toEqual(
      Object.fromEntries(course.modules.map((module) => [module.id, []])),
    )
  })
})
