import type { LearnerQuestion } from '../../../../shared/course/api-types'

/** Fisher–Yates, on a copy. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1))
    ;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
  }
  return copy
}

/**
 * The questions of one attempt, each with its options in a new order, so a retry cannot be passed
 * by remembering positions. True and False keep their order: shuffled, they would only confuse.
 */
export const shuffleOptions = (questions: readonly LearnerQuestion[], random: () => number = Math.random): LearnerQuestion[] =>
  questions.map((question) => (question.kind === 'trueFalse' ? question : { ...question, options: shuffled(question.options, random) }))
