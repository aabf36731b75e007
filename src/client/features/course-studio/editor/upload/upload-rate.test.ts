import { describe, expect, it } from 'vitest'
import { formatBytes, formatSpeed, formatTimeLeft, UploadRate } from './upload-rate'

describe('UploadRate', () => {
  it('tells the speed and the time left over the last seconds', () => {
    const rate = new UploadRate()
    rate.add(0, 0)
    expect(rate.bytesPerSecond()).toBeNull()
    rate.add(1_000_000, 500)
    expect(rate.bytesPerSecond()).toBeNull()
    rate.add(2_000_000, 1000)
    expect(rate.bytesPerSecond()).toBe(2_000_000)
    expect(rate.secondsLeft(10_000_000)).toBe(4)
  })

  it('forgets samples older than the window, so a slowdown shows', () => {
    const rate = new UploadRate()
    for (let second = 0; second <= 10; second++) rate.add(second * 1_000_000, second * 1000)
    for (let second = 11; second <= 20; second++) rate.add(10_000_000 + (second - 10) * 100_000, second * 1000)
    expect(rate.bytesPerSecond()).toBe(100_000)
  })

  it('starts again when the upload resumed from fewer bytes', () => {
    const rate = new UploadRate()
    rate.add(5_000_000, 0)
    rate.add(6_000_000, 1000)
    rate.add(4_000_000, 2000)
    expect(rate.bytesPerSecond()).toBeNull()
    rate.add(4_500_000, 3000)
    expect(rate.bytesPerSecond()).toBe(500_000)
  })
})

describe('upload formats', () => {
  it('writes speeds, sizes, and times left as people read them', () => {
    expect(formatSpeed(3_420_000)).toBe('3.4 MB/s')
    expect(formatSpeed(850_400)).toBe('850 kB/s')
    expect(formatBytes(2_147_483_648)).toBe('2.1 GB')
    expect(formatBytes(350_200_000)).toBe('350 MB')
    expect(formatTimeLeft(37)).toBe('about 40 sec left')
    expect(formatTimeLeft(150)).toBe('about 3 min left')
    expect(formatTimeLeft(3900)).toBe('about 1 h 5 min left')
  })
})
