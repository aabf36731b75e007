import { describe, expect, it } from 'vitest'
import { certificateCompletedLine } from './certificate-wording'

describe('certificateCompletedLine', () => {
  it('says the number of modules the certificate was issued for, in words', () => {
    expect(certificateCompletedLine(8)).toBe('has successfully completed all eight modules of')
    expect(certificateCompletedLine(9)).toBe('has successfully completed all nine modules of')
    expect(certificateCompletedLine(21)).toBe('has successfully completed all twenty-one modules of')
    expect(certificateCompletedLine(40)).toBe('has successfully completed all forty modules of')
    expect(certificateCompletedLine(120)).toBe('has successfully completed all 120 modules of')
    expect(certificateCompletedLine(1)).toBe('has successfully completed the module of')
  })
})
