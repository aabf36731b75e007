const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ')
const TENS_WORDS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

/** 'eight', 'twenty-one': a count as a certificate writes it. */
function countInWords(count: number): string {
  if (count < 20) return NUMBER_WORDS[count] ?? String(count)
  if (count >= 100) return String(count)
  const ones = count % 10
  return `${TENS_WORDS[Math.floor(count / 10)]}${ones ? `-${NUMBER_WORDS[ones]}` : ''}`
}

/**
 * The line before the course's name, on the PDF and on the Completion page alike: what the learner
 * completed, as the course was when they did (the certificate's `moduleCount`).
 */
export const certificateCompletedLine = (moduleCount: number): string =>
  moduleCount === 1 ? 'has successfully completed the module of' : `has successfully completed all ${countInWords(moduleCount)} modules of`
