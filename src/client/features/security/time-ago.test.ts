import { describe, expect, it } from 'vitest'
import { timeAgo } from './time-ago'

const NOW = Date.parse('2026-11-28T12:00:00Z')
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()

describe('timeAgo', () => {
  it('says roughly when, in the largest whole unit up to days', () => {
    expect(timeAgo(before(0), NOW)).toBe('just now')
    expect(timeAgo(before(59), NOW)).toBe('just now')
    expect(timeAgo(before(60), NOW)).toBe('1 minute ago')
    expect(timeAgo(before(59 * 60 + 59), NOW)).toBe('59 minutes ago')
    expect(timeAgo(before(3600), NOW)).toBe('1 hour ago')
    expect(timeAgo(before(23 * 3600), NOW)).toBe('23 hours ago')
    expect(timeAgo(before(24 * 3600), NOW)).toBe('1 day ago')
    expect(timeAgo(before(3 * 86400 + 5), NOW)).toBe('3 days ago')
    expect(timeAgo(before(29 * 86400), NOW)).toBe('29 days ago')
  })

  it('gives the date past a month, and "just now" for a clock slightly ahead', () => {
    expect(timeAgo('2026-09-02T12:00:00Z', NOW)).toBe('on Sep 2, 2026')
    expect(timeAgo(new Date(NOW + 5000).toISOString(), NOW)).toBe('just now')
  })
})
