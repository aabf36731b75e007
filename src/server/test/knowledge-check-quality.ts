import type { KnowledgeCheck } from '../../shared/course/schema'

/**
 * The quality bar for a course's knowledge checks (docs/decisions/0081-edited-guides-seeded-as-version-3.md), measured over any course document: the
 * seeded fixture, or the document the server serves from the database. A learner must not be able to
 * pass by picking the longest option, the first one, "True", or the option whose id gives it away.
 *
 * True/false questions are left out of the id rules: the schema fixes their options to `true:True`
 * and `false:False`, so their ids name the option the learner picks, not which one is right. Their
 * balance of true and false answers is what keeps them from being guessed.
 */

interface ModuleWithCheck {
  id: string
  knowledgeCheck?: KnowledgeCheck | undefined
}

export interface KnowledgeCheckFigures {
  /** Questions in each module's check, in course order (0 where a module has no check). */
  questionsPerModule: Record<string, number>
  singleChoice: {
    count: number
    /** Questions whose right option is at least as long as every other option (a tie counts: it is still the pick). */
    rightIsLongest: number
    longestShare: number
    /** The same for the shortest option: picking the shortest must not pay either. */
    rightIsShortest: number
    shortestShare: number
    /** How many right answers sit at each position (1-based), over all single-choice questions. */
    positions: Record<number, number>
    /** The same over the single-choice questions with four options. */
    positionsOfFour: Record<number, number>
  }
  multipleChoice: {
    count: number
    /** Questions whose correct options are exactly the first ones in the list. */
    correctFirst: number
  }
  trueFalse: {
    count: number
    trueAnswers: number
    trueShare: number
  }
  /** Share of all questions whose first option is a correct one. */
  firstOptionCorrectShare: number
  /** Every option id that gives something away, as "m1 q2 option a: why". */
  idProblems: string[]
}

export const QUALITY_BAR = {
  minQuestions: 5,
  maxQuestions: 6,
  maxLongestShare: 0.35,
  maxShortestShare: 0.35,
  /** No position holds more than this share of the right answers. */
  maxPositionShare: 0.4,
  maxCorrectFirstShare: 0.25,
  minTrueShare: 0.4,
  maxTrueShare: 0.6,
} as const

const length = (text: string) => Array.from(text).length
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole)
const LETTER_IDS = /^[a-h]$/

/** Ids that follow each other (a, b, c … or 1, 2, 3 … or opt-1, opt-2 …): the order gives the answer away as surely as "a". */
function sequential(ids: readonly string[]): boolean {
  if (ids.length < 2) return false
  const parts = ids.map((id) => /^(.*?)([a-z]|\d+)$/.exec(id))
  if (parts.some((part) => part === null)) return false
  const stems = new Set(parts.map((part) => part![1]))
  if (stems.size !== 1) return false
  const values = parts.map((part) => (/^\d+$/.test(part![2]!) ? Number(part![2]) : part![2]!.charCodeAt(0)))
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.every((value, index) => index === 0 || value === sorted[index - 1]! + 1)
}

export function knowledgeCheckFigures(modules: readonly ModuleWithCheck[]): KnowledgeCheckFigures {
  const questionsPerModule: Record<string, number> = {}
  const single = { count: 0, rightIsLongest: 0, rightIsShortest: 0, positions: {} as Record<number, number>, positionsOfFour: {} as Record<number, number> }
  const multiple = { count: 0, correctFirst: 0 }
  const trueFalse = { count: 0, trueAnswers: 0 }
  let questionCount = 0
  let firstCorrect = 0
  const idProblems: string[] = []
  const idsSeen = new Map<string, string>()

  for (const module of modules) {
    const questions = module.knowledgeCheck?.questions ?? []
    questionsPerModule[module.id] = questions.length
    for (const question of questions) {
      const place = `${module.id} ${question.id}`
      const { options } = question
      questionCount += 1
      if (options[0]?.correct) firstCorrect += 1
      if (question.kind === 'trueFalse') {
        trueFalse.count += 1
        if (options.find((option) => option.correct)?.id === 'true') trueFalse.trueAnswers += 1
        continue
      }
      if (question.kind === 'single') {
        single.count += 1
        const right = options.findIndex((option) => option.correct)
        const lengths = options.map((option) => length(option.text))
        if (lengths[right] === Math.max(...lengths)) single.rightIsLongest += 1
        if (lengths[right] === Math.min(...lengths)) single.rightIsShortest += 1
        single.positions[right + 1] = (single.positions[right + 1] ?? 0) + 1
        if (options.length === 4) single.positionsOfFour[right + 1] = (single.positionsOfFour[right + 1] ?? 0) + 1
      } else {
        multiple.count += 1
        const correctCount = options.filter((option) => option.correct).length
        if (options.slice(0, correctCount).every((option) => option.correct)) multiple.correctFirst += 1
      }
      const ids = options.map((option) => option.id)
      if (sequential(ids)) idProblems.push(`${place}: the option ids run in sequence (${ids.join(', ')})`)
      options.forEach((option, index) => {
        const where = `${place} option ${option.id}`
        if (LETTER_IDS.test(option.id)) idProblems.push(`${where}: a letter id`)
        if (option.id === String(index) || option.id === String(index + 1)) idProblems.push(`${where}: the id is its position`)
        if (/correct|right|wrong/.test(option.id) || /^(true|false|yes|no)$/.test(option.id)) idProblems.push(`${where}: the id says what the option is`)
        // A random id is never used twice; one that recurs across questions can be learned once.
        const other = idsSeen.get(option.id)
        if (other !== undefined) idProblems.push(`${where}: the same id as ${other}`)
        idsSeen.set(option.id, where)
      })
    }
  }

  return {
    questionsPerModule,
    singleChoice: {
      ...single,
      longestShare: share(single.rightIsLongest, single.count),
      shortestShare: share(single.rightIsShortest, single.count),
    },
    multipleChoice: multiple,
    trueFalse: { ...trueFalse, trueShare: share(trueFalse.trueAnswers, trueFalse.count) },
    firstOptionCorrectShare: share(firstCorrect, questionCount),
    idProblems,
  }
}

/** What falls short of the quality bar, one line each; empty when the checks meet it. */
export function knowledgeCheckShortfalls(figures: KnowledgeCheckFigures): string[] {
  const bar = QUALITY_BAR
  const problems: string[] = []
  const percent = (value: number) => `${Math.round(value * 100)} %`
  for (const [module, count] of Object.entries(figures.questionsPerModule)) {
    if (count < bar.minQuestions || count > bar.maxQuestions) problems.push(`${module} has ${count} questions, not ${bar.minQuestions}–${bar.maxQuestions}`)
  }
  const { singleChoice, multipleChoice, trueFalse } = figures
  if (singleChoice.longestShare > bar.maxLongestShare) {
    problems.push(`the right answer is the longest option in ${singleChoice.rightIsLongest} of ${singleChoice.count} single-choice questions (${percent(singleChoice.longestShare)})`)
  }
  if (singleChoice.shortestShare > bar.maxShortestShare) {
    problems.push(`the right answer is the shortest option in ${singleChoice.rightIsShortest} of ${singleChoice.count} single-choice questions (${percent(singleChoice.shortestShare)})`)
  }
  const crowded = (positions: Record<number, number>, label: string) => {
    const total = Object.values(positions).reduce((sum, count) => sum + count, 0)
    for (const [position, count] of Object.entries(positions)) {
      if (share(count, total) > bar.maxPositionShare) problems.push(`position ${position} holds ${count} of ${total} right answers ${label} (${percent(share(count, total))})`)
    }
  }
  crowded(singleChoice.positions, 'of single-choice questions')
  crowded(singleChoice.positionsOfFour, 'of four-option single-choice questions')
  if (share(multipleChoice.correctFirst, multipleChoice.count) > bar.maxCorrectFirstShare) {
    problems.push(`the correct options come first in ${multipleChoice.correctFirst} of ${multipleChoice.count} multiple-choice questions`)
  }
  if (trueFalse.count > 0 && (trueFalse.trueShare < bar.minTrueShare || trueFalse.trueShare > bar.maxTrueShare)) {
    problems.push(`${trueFalse.trueAnswers} of ${trueFalse.count} true/false answers are true (${percent(trueFalse.trueShare)})`)
  }
  return [...problems, ...figures.idProblems]
}

/** The figures on one line, for a test's output and a closing note. */
export function describeFigures(figures: KnowledgeCheckFigures): string {
  const percent = (value: number) => `${Math.round(value * 100)} %`
  const { singleChoice, multipleChoice, trueFalse } = figures
  const positions = (counts: Record<number, number>) =>
    Object.keys(counts)
      .sort()
      .map((position) => `${position}: ${counts[Number(position)]}`)
      .join(', ')
  return [
    `questions per module ${Object.entries(figures.questionsPerModule).map(([module, count]) => `${module} ${count}`).join(', ')}`,
    `right answer longest in ${singleChoice.rightIsLongest} of ${singleChoice.count} single-choice (${percent(singleChoice.longestShare)})`,
    `shortest in ${singleChoice.rightIsShortest} (${percent(singleChoice.shortestShare)})`,
    `right answers by position ${positions(singleChoice.positions)} (four-option questions ${positions(singleChoice.positionsOfFour)})`,
    `multiple-choice with the correct options first ${multipleChoice.correctFirst} of ${multipleChoice.count}`,
    `true/false ${trueFalse.trueAnswers} of ${trueFalse.count} true (${percent(trueFalse.trueShare)})`,
    `first option correct in ${percent(figures.firstOptionCorrectShare)} of questions`,
    `${figures.idProblems.length} id problems`,
  ].join('; ')
}
