import { describe, expect, it } from 'vitest'
import { hashesText, parseHashBuckets, quantilesBetween, readServerScrape, serverBetween, serverText } from './server-metrics'

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
    const between = quantilesBetween(parseHashBuckets(scrape([10, 10, 10, 10])), parseHashBuckets(scrape([50, 108, 109, 110])))
    expect(between).toEqual({ count: 100, p50Ms: 100, p99Ms: 200 })
    expect(hashesText(between)).toBe('100 hashes, p50 ≤ 100 ms, p99 ≤ 200 ms')
    expect(quantilesBetween(parseHashBuckets(scrape([0, 0, 0, 0])), parseHashBuckets(scrape([0, 0, 0, 2])))).toEqual({ count: 2, p50Ms: Infinity, p99Ms: Infinity })
  })

  it('says so when no hash ran', () => {
    const same = parseHashBuckets(scrape([3, 3, 3, 3]))
    expect(quantilesBetween(same, same)).toBeUndefined()
    expect(hashesText(undefined)).toBe('no hashes')
  })
})

/** prom-client's exposition of what a step reads, with `watch` watch reports under 10 ms and the rest under 250 ms. */
const serverScrape = ({ watch, slow, lagP99, lagMax, majors, majorSeconds }: Record<string, number>) =>
  [
    `http_request_duration_seconds_bucket{le="0.01",method="PUT",route="/api/watch/:moduleId/:lessonId"} ${watch}`,
    `http_request_duration_seconds_bucket{le="0.25",method="PUT",route="/api/watch/:moduleId/:lessonId"} ${watch! + slow!}`,
    `http_request_duration_seconds_bucket{le="+Inf",method="PUT",route="/api/watch/:moduleId/:lessonId"} ${watch! + slow!}`,
    `http_request_duration_seconds_bucket{le="0.01",method="GET",route="/api/progress"} 500`,
    `http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/progress"} 900`,
    `nodejs_eventloop_lag_p99_seconds ${lagP99}`,
    `nodejs_eventloop_lag_max_seconds ${lagMax}`,
    `nodejs_gc_duration_seconds_sum{kind="major"} ${majorSeconds}`,
    `nodejs_gc_duration_seconds_count{kind="major"} ${majors}`,
    `nodejs_gc_duration_seconds_count{kind="minor"} 4000`,
  ].join('\n')

describe("a step as the server's own metrics saw it", () => {
  it("reads the watch reports' time, the event loop's delay at the end, and the full collections between", () => {
    const before = readServerScrape(serverScrape({ watch: 100, slow: 0, lagP99: 0.5, lagMax: 0.9, majors: 3, majorSeconds: 0.12 }))
    const after = readServerScrape(serverScrape({ watch: 1_090, slow: 10, lagP99: 0.021, lagMax: 0.0876, majors: 5, majorSeconds: 0.2 }))
    const step = serverBetween(before, after)
    expect(step.watchReports).toEqual({ count: 1_000, p50Ms: 10, p99Ms: 10 })
    expect(step.hashes).toBeUndefined()
    expect(step.loopDelay.p99Ms).toBeCloseTo(21)
    expect(step.loopDelay.maxMs).toBeCloseTo(87.6)
    expect(step.majorGc.count).toBe(2)
    expect(step.majorGc.ms).toBeCloseTo(80)
    expect(serverText(step)).toBe('watch reports p99 ≤ 10 ms; no hashes; event loop delay p99 21 ms, max 88 ms; 2 full collections, 80 ms')
  })

  it('puts the p99 in the bucket past it when more than 1 % were slow', () => {
    const before = readServerScrape(serverScrape({ watch: 0, slow: 0, lagP99: 0, lagMax: 0, majors: 0, majorSeconds: 0 }))
    const after = readServerScrape(serverScrape({ watch: 980, slow: 20, lagP99: 0, lagMax: 0, majors: 0, majorSeconds: 0 }))
    expect(serverBetween(before, after).watchReports).toEqual({ count: 1_000, p50Ms: 10, p99Ms: 250 })
  })
})
