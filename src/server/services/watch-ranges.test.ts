import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_VIDEO_SECONDS } from '../../shared/media'
import { creditRanges, mergeRanges, percentWatched, watchedSeconds, type WatchRange } from './watch-ranges'

const duration = fc.double({ min: 1, max: 4 * 3600, noNaN: true })
const range = (max: number) =>
  fc.tuple(fc.double({ min: 0, max, noNaN: true }), fc.double({ min: 0, max, noNaN: true })).map(([a, b]): WatchRange => (a <= b ? [a, b] : [b, a]))
const ranges = fc.array(range(5 * 3600), { maxLength: 30 })

const isDisjointAndSorted = (merged: readonly WatchRange[]) => merged.every(([start, end], index) => start < end && (index === 0 || merged[index - 1]![1] < start))

describe('merging watched ranges', () => {
  it('is idempotent: merging again, or merging a report twice, changes nothing', () => {
    fc.assert(
      fc.property(ranges, duration, (played, length) => {
        const once = mergeRanges(played, length)
        expect(mergeRanges(once, length)).toEqual(once)
        expect(mergeRanges([...played, ...played], length)).toEqual(once)
      }),
    )
  })

  it('does not depend on the order the ranges arrive in', () => {
    fc.assert(
      fc.property(ranges, duration, fc.integer(), (played, length, seed) => {
        const shuffled = [...played].sort(() => (seed = (seed * 16807) % 2147483647) % 3 - 1)
        expect(mergeRanges(shuffled, length)).toEqual(mergeRanges(played, length))
        const [first, second] = [played.slice(0, played.length / 2), played.slice(played.length / 2)]
        expect(mergeRanges([...mergeRanges(second, length), ...first], length)).toEqual(mergeRanges(played, length))
      }),
    )
  })

  it('never counts more than the duration, and leaves sorted disjoint ranges inside it', () => {
    fc.assert(
      fc.property(ranges, duration, (played, length) => {
        const merged = mergeRanges(played, length)
        expect(watchedSeconds(merged)).toBeLessThanOrEqual(length + 1e-9)
        expect(isDisjointAndSorted(merged)).toBe(true)
        expect(merged.every(([start, end]) => start >= 0 && end <= length)).toBe(true)
        expect(percentWatched(merged, length)).toBeGreaterThanOrEqual(0)
        expect(percentWatched(merged, length)).toBeLessThanOrEqual(100)
      }),
    )
  })

  it('rejects negative, non-finite, reversed and absurd values', () => {
    const bad = fc.oneof(
      fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
      fc.double({ min: MAX_VIDEO_SECONDS + 1, noNaN: true }),
    )
    fc.assert(
      fc.property(bad, fc.boolean(), (value, isStart) => {
        expect(() => mergeRanges([isStart ? [value, 10] : [0, value]], 100)).toThrow(RangeError)
        expect(() => mergeRanges([[0, 10]], value)).toThrow(RangeError)
      }),
    )
    expect(() => mergeRanges([[10, 5]], 100)).toThrow(RangeError)
  })

  it('counts 99.9 % as 99 %, and a whole video as 100 %', () => {
    expect(percentWatched([[0, 99.9]], 100)).toBe(99)
    expect(percentWatched([[0, 100]], 100)).toBe(100)
  })
})

describe('crediting a report', () => {
  it('adds at most the allowance, whatever the report claims', () => {
    fc.assert(
      fc.property(ranges, ranges, duration, fc.double({ min: 0, max: 600, noNaN: true }), (known, incoming, length, allowance) => {
        const before = mergeRanges(known, length)
        const after = creditRanges(before, incoming, length, allowance)
        expect(watchedSeconds(after) - watchedSeconds(before)).toBeLessThanOrEqual(allowance + 1e-6)
        expect(isDisjointAndSorted(after)).toBe(true)
      }),
    )
  })

  it('takes a plausible report whole', () => {
    expect(creditRanges([[0, 12]], [[12, 24]], 300, 24)).toEqual([[0, 24]])
  })
})
