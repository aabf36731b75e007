import { describe, expect, it } from 'vitest'
import { formatPosition, spokenPosition } from './format-position'

describe('formatPosition', () => {
  it('writes minutes and seconds, and hours past an hour', () => {
    expect(formatPosition(252.9)).toBe('4:12')
    expect(formatPosition(5)).toBe('0:05')
    expect(formatPosition(3727)).toBe('1:02:07')
    expect(formatPosition(-3)).toBe('0:00')
  })

  it('says the position in words for a screen reader', () => {
    expect(spokenPosition(252)).toBe('4 minutes 12 seconds')
    expect(spokenPosition(3601)).toBe('1 hour 1 second')
    expect(spokenPosition(0)).toBe('0 seconds')
  })
})
