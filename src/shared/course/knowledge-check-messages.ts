// The knowledge check's refusals, in a module without zod: the module page shows one of them, and
// importing them from the schemas would load zod with every module page (docs/performance.md, figure 6).

/** What the module page says beside a complete button the knowledge check keeps locked; the server refuses with it too. */
export const MUST_PASS_MESSAGE = 'Pass the knowledge check to mark this module complete.'
export const NO_ATTEMPTS_LEFT_MESSAGE = 'You have used every attempt at this knowledge check.'
export const VERSION_CHANGED_MESSAGE = 'The course was updated while you were answering. Reload the page to take the new knowledge check.'
