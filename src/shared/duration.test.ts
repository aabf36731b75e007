import { describe, expect, it } from 'vitest'
import { formatDuration } from './duration'

describe('formatDuration', () => {
  it('writes under a minute as seconds, not as "1 min"', () => {
    expect(formatDuration(6)).toBe('6 sec')
    expect(formatDuration(6.4)).toBe('6 sec')
    expect(formatDuration(0.2)).toBe('1 sec')
    expect(formatDuration(0)).toBe('1 sec')
    expect(formatDuration(20)).toBe('20 sec')
    expect(formatDuration(59.4)).toBe('59 sec')
  })

  it('writes minutes to the nearest minute, as the course’s lessons are written', () => {
    expect(formatDuration(59.6)).toBe('1 min')
    expect(formatDuration(60)).toBe('1 min')
    expect(formatDuration(89)).toBe('1 min')
    expect(formatDuration(90)).toBe('2 min')
    expect(formatDuration(754)).toBe('13 min')
    expect(formatDuration(59 * 60 + 29)).toBe('59 min')
  })

  it('writes an hour and more as hours and minutes', () => {
    expect(formatDuration(59 * 60 + 31)).toBe('1 h')
    expect(formatDuration(3600)).toBe('1 h')
    expect(formatDuration(3900)).toBe('1 h 5 min')
    expect(formatDuration(2 * 3600 + 60 * 59)).toBe('2 h 59 min')
  })
})
