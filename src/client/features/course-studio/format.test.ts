import { describe, expect, it } from 'vitest'
import { formatChangeTime, formatRecent } from './format'

describe('formatChangeTime', () => {
  it('says the time of day in the local time zone, and the day when it is not today', () => {
    const at = new Date(2026, 10, 24, 14, 2)
    expect(formatChangeTime(at.toISOString(), new Date(2026, 10, 24, 18, 0))).toBe('14:02')
    expect(formatChangeTime(at.toISOString(), new Date(2026, 10, 25, 9, 0))).toBe('14:02 on Nov 24')
  })
})

describe('formatRecent', () => {
  it('leaves the year out for this year', () => {
    const at = new Date(2026, 10, 24, 14, 2).toISOString()
    expect(formatRecent(at, new Date(2026, 11, 1))).toBe('Nov 24, 2:02 PM')
    expect(formatRecent(at, new Date(2027, 0, 2))).toBe('Nov 24, 2026, 2:02 PM')
  })
})
