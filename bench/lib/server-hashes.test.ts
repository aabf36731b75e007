import { describe, expect, it } from 'vitest'
import { hashesBetween, hashesText, parseHashBuckets } from './server-hashes'

const scrape = (counts: number[]) =>
  [
    '# HELP password_hash_duration_seconds One scrypt password hash',
    ...[0.05, 0.1, 0.2].map((le, index) => `password_hash_duration_seconds_bucket{le="${le}",phase="hashing"} ${counts[index]}`),
    `password_hash_duration_seconds_bucket{le="+Inf",phase="hashing"} ${counts[3]}`,
    `password_hash_duration_seconds_bucket{le="0.05",phase="waiting"} 999`,
    `password_hash_duration_seconds_count{phase="hashing"} ${counts[3]}`,
  ].join('\n')

describe("the server's hashes during a step", () => {
  it('reads the hashing phase only, +Inf included', () => {
    expect(parseHashBuckets(scrape([1, 2, 3, 4]))).toEqual(
      new Map([
        [0.05, 1],
        [0.1, 2],
        [0.2, 3],
        [Infinity, 4],
      ]),
    )
  })

  it('counts what ran between two scrapes, and the bounds its median and p99 fall under', () => {
    // Between the scrapes: 100 hashes, 40 under 50 ms, 98 under 100 ms, 99 under 200 ms.
    const between = hashesBetween(parseHashBuckets(scrape([10, 10, 10, 10])), parseHashBuckets(scrape([50, 108, 109, 110])))
    expect(between).toEqual({ count: 100, p50Ms: 100, p99Ms: 200 })
    expect(hashesText(between)).toBe('100 hashes, p50 ≤ 100 ms, p99 ≤ 200 ms')
    expect(hashesBetween(parseHashBuckets(scrape([0, 0, 0, 0])), parseHashBuckets(scrape([0, 0, 0, 2])))).toEqual({ count: 2, p50Ms: Infinity, p99Ms: Infinity })
  })

  it('says so when no hash ran', () => {
    const same = parseHashBuckets(scrape([3, 3, 3, 3]))
    expect(hashesBetween(same, same)).toBeUndefined()
    expect(hashesText(undefined)).toBe('no hashes')
  })
})
