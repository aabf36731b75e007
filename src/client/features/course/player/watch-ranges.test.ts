import { describe, expect, it } from 'vitest'
import { WatchRanges } from './watch-ranges'

/** Plays from `from` to `to` in quarter-second steps of media and clock time, starting at `clock` ms. */
function play(ranges: WatchRanges, from: number, to: number, clock = 0, rate = 1): number {
  let now = clock
  for (let seconds = from; seconds <= to; seconds += 0.25) {
    ranges.playedTo(seconds, now)
    now += 250 / rate
  }
  return now
}

describe('WatchRanges', () => {
  it('reports one range for continuous playing', () => {
    const ranges = new WatchRanges()
    play(ranges, 0, 10)
    expect(ranges.take()).toEqual([[0, 10]])
  })

  it('breaks the range on a seek: the skipped part is not watched', () => {
    const ranges = new WatchRanges()
    const clock = play(ranges, 0, 5)
    ranges.interrupt()
    play(ranges, 15, 20, clock)
    expect(ranges.take()).toEqual([
      [0, 5],
      [15, 20],
    ])
  })

  it('breaks the range on a jump ahead even when no seek event came', () => {
    const ranges = new WatchRanges()
    const clock = play(ranges, 0, 4)
    ranges.playedTo(30, clock)
    ranges.playedTo(30.25, clock + 250)
    expect(ranges.take()).toEqual([
      [0, 4],
      [30, 30.25],
    ])
  })

  it('breaks the range on a jump back', () => {
    const ranges = new WatchRanges()
    const clock = play(ranges, 10, 12)
    play(ranges, 2, 3, clock)
    expect(ranges.take()).toEqual([
      [10, 12],
      [2, 3],
    ])
  })

  it('counts playing at double speed as watching', () => {
    const ranges = new WatchRanges()
    play(ranges, 0, 8, 0, 2)
    expect(ranges.take()).toEqual([[0, 8]])
  })

  it('continues an open range across reports without a gap or an overlap', () => {
    const ranges = new WatchRanges()
    const clock = play(ranges, 0, 6)
    expect(ranges.take()).toEqual([[0, 6]])
    play(ranges, 6.25, 9, clock)
    expect(ranges.take()).toEqual([[6, 9]])
    expect(ranges.take()).toEqual([])
  })

  it('reports nothing for a position that never moved and ignores impossible positions', () => {
    const ranges = new WatchRanges()
    ranges.playedTo(42, 0)
    ranges.playedTo(Number.NaN, 100)
    ranges.playedTo(-1, 200)
    ranges.interrupt()
    expect(ranges.take()).toEqual([])
  })
})
