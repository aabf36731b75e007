import { describe, expect, it } from 'vitest'
import type { Video } from '../../shared/course/schema'
import { statedMinimumSeconds, watchLengthSeconds } from './watch-length'

describe('statedMinimumSeconds', () => {
  it.each([
    ['5 min', 270],
    ['1 min', 30],
    ['12 min', 690],
    ['45 sec', 45],
    ['6 sec', 6],
    ['45 s', 45],
    ['1 h', 1800],
    ['1 h 5 min', 3870],
    ['2 hours', 5400],
    ['4:40', 280],
    ['0:06', 6],
    ['1:02:03', 3723],
    [' 5 MIN ', 270],
  ])('%s is at least %i s', (text, seconds) => {
    expect(statedMinimumSeconds(text)).toBe(seconds)
  })

  it.each(['Short', '', 'five min', '5', '5 min and a bit', '4:75', '1:60:00', '0:00', '0 min', '30 h', '5 parsecs'])('%j is not a length', (text) => {
    expect(statedMinimumSeconds(text)).toBeUndefined()
  })
})

describe('watchLengthSeconds', () => {
  const youtube = { provider: 'youtube', id: 'dQw4w9WgXcQ' } as const
  const upload = (durationSeconds: number | null): Video => ({ provider: 'upload', mediaId: crypto.randomUUID(), posterMediaId: null, durationSeconds, captions: [] })

  it('is the measured length of an upload, whatever the player says', () => {
    expect(watchLengthSeconds({ video: upload(283.4), durationText: '5 min' }, 20)).toBe(283.4)
  })

  it('is the player’s length for a hosted video or an unmeasured upload, never below the stated Duration', () => {
    expect(watchLengthSeconds({ video: youtube, durationText: '5 min' }, 20)).toBe(270)
    expect(watchLengthSeconds({ video: youtube, durationText: '5 min' }, 281)).toBe(281)
    expect(watchLengthSeconds({ video: youtube, durationText: '4:40' }, 20)).toBe(280)
    expect(watchLengthSeconds({ video: upload(null), durationText: '5 min' }, 20)).toBe(270)
    expect(watchLengthSeconds({ video: youtube, durationText: 'Short' }, 20)).toBe(20)
  })
})
