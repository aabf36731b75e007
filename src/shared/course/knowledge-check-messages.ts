import type { ShowAnswers } from './schema'

// The knowledge check's refusals and its review wording, in a module without zod: the module page shows one of them, and
// importing them from the schemas would load zod with every module page (docs/performance.md, figure 6).

/** What the module page says beside a complete button the knowledge check keeps locked; the server refuses with it too. */
export const MUST_PASS_MESSAGE = 'Pass the knowledge check to mark this module complete.'
export const NO_ATTEMPTS_LEFT_MESSAGE = 'You have used every attempt at this knowledge check.'
export const VERSION_CHANGED_MESSAGE = 'The course was updated while you were answering. Reload the page to take the new knowledge check.'

const NO_ANSWERS_MESSAGE = 'This knowledge check does not show the right answers. Your score and the questions you got wrong are shown after each attempt.'

/**
 * When the learner will see the right answers, as the knowledge check and a result that withholds
 * them say it (docs/decisions/0083-knowledge-check-review-options.md). With unlimited attempts there
 * is no last one.
 */
export function answersShownWhen(mode: ShowAnswers, maxAttempts: number | null): string {
  const unlimited = maxAttempts === null
  switch (mode) {
    case 'afterEachAttempt':
      return 'You see the right answers and explanations after each attempt.'
    case 'afterPassOrLastAttempt':
      return unlimited
        ? 'You see the right answers and explanations once you pass.'
        : 'You see the right answers and explanations once you pass or have used every attempt.'
    case 'afterPass':
      return 'You see the right answers and explanations once you pass.'
    case 'afterLastAttempt':
      return unlimited ? NO_ANSWERS_MESSAGE : 'You see the right answers and explanations after your last attempt.'
    case 'never':
      return NO_ANSWERS_MESSAGE
  }
}
