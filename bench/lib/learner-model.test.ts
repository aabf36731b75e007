// Figure 12's learner model, generator and stepping, checked without timing the portal: the schedule
// holds the model's rates, a real run delivers them to a server that is slow to answer (the open
// loop does not wait), and the stepping finds a known capacity.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCapacity } from './capacity-steps'
import { ACTIVITIES, modelRate, modelTotalRate, schedule, type Arrival, type Kind } from './learner-model'
import { IDLE_CONNECTION_MS, runOpenLoop } from './open-loop'

const kinds = [...new Set(ACTIVITIES.map((activity) => activity.kind))]
const countByKind = (arrivals: Arrival[]) => {
  const counts = new Map<Kind, number>()
  for (const arrival of arrivals) counts.set(arrival.kind, (counts.get(arrival.kind) ?? 0) + 1)
  return counts
}

describe("figure 12's schedule", () => {
  it.each([
    [3_000, 60],
    [10_000, 60],
    [500, 600],
  ])('%i learners over %i s: every kind at the model’s rate within 5 %', (learners, seconds) => {
    const counts = countByKind(schedule(learners, seconds))
    for (const kind of kinds) {
      const expected = modelRate(kind, learners) * seconds
      // Below about 20 expected, one request either way is already 5 %: counts within one.
      const tolerance = Math.max(1, 0.05 * expected)
      expect(Math.abs((counts.get(kind) ?? 0) - expected), `${kind}: ${counts.get(kind)} for ${expected.toFixed(1)}`).toBeLessThanOrEqual(tolerance)
    }
  })

  it('gives each learner a report every 12 s while watching, with a module page and a progress read every 3 minutes', () => {
    const arrivals = schedule(200, 400).filter((arrival) => arrival.learner === 17)
    const times = (kind: Kind) => arrivals.filter((arrival) => arrival.kind === kind).map((arrival) => arrival.at)
    const pages = times('module page')
    expect(pages.length).toBeGreaterThanOrEqual(2)
    expect(pages[1]! - pages[0]!).toBe(180_000)
    expect(times('progress')[0]! - pages[0]!).toBe(500)
    const reports = times('watch report').filter((at) => at > pages[0]! && at < pages[1]!)
    expect(reports).toEqual(Array.from({ length: 14 }, (_, index) => pages[0]! + (index + 1) * 12_000))
  })

  it('is the same for the same seed, and spreads learners over the period rather than starting them together', () => {
    expect(schedule(300, 30)).toEqual(schedule(300, 30))
    const firstSecond = schedule(3_000, 12).filter((arrival) => arrival.kind === 'watch report' && arrival.at < 1000).length
    expect(firstSecond).toBeGreaterThan(0.95 * modelRate('watch report', 3_000))
    expect(firstSecond).toBeLessThan(1.05 * modelRate('watch report', 3_000))
  })
})

describe("figure 12's generator, against a server slow to answer", () => {
  const received = new Map<string, number[]>()
  let server: http.Server
  let url: string
  let started = 0
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const at = performance.now() - started
      const kind = request.url!.slice(1)
      received.set(kind, [...(received.get(kind) ?? []), at])
      request.resume()
      // Every answer takes 300 ms: a closed loop would send less; an open loop sends the same.
      setTimeout(() => response.end('ok'), 300)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('delivers the model’s rates within 5 % while answers are slow, and measures latency from the scheduled time', async () => {
    const learners = 2_400
    const seconds = 4
    const arrivals = schedule(learners, seconds)
    started = performance.now()
    const result = await runOpenLoop({
      url,
      arrivals,
      connections: 256,
      request: (arrival) => ({ path: `/${encodeURIComponent(arrival.kind)}`, headers: {}, method: arrival.kind === 'watch report' ? 'PUT' : 'GET', body: arrival.kind === 'watch report' ? '{}' : undefined }),
    })
    const all = [...received.values()].flat()
    // Arrivals within the run's seconds (plus a little for the last requests' trip).
    expect(all.filter((at) => at < seconds * 1000 + 100).length / seconds).toBeGreaterThan(0.95 * modelTotalRate(learners))
    expect(all.length / seconds).toBeLessThan(1.05 * modelTotalRate(learners))
    const reports = received.get(encodeURIComponent('watch report')) ?? []
    expect(reports.length / seconds).toBeGreaterThan(0.95 * modelRate('watch report', learners))
    expect(reports.length / seconds).toBeLessThan(1.05 * modelRate('watch report', learners))
    // Each second of the run got its share: the requests were not held back by the slow answers.
    for (let second = 0; second < seconds; second += 1) {
      const inSecond = all.filter((at) => at >= second * 1000 && at < (second + 1) * 1000).length
      expect(inSecond, `second ${second}`).toBeGreaterThan(0.85 * modelTotalRate(learners))
    }
    const latencies = [...result.kinds.values()].flatMap((outcome) => outcome.latencies)
    expect(latencies.length).toBe(arrivals.length)
    expect(Math.min(...latencies)).toBeGreaterThanOrEqual(299)
    expect([...result.kinds.values()].every((outcome) => outcome.failures === 0)).toBe(true)
  })

  it('counts a non-2xx answer and a refused connection as failures of their kind', async () => {
    const refusing = http.createServer((_request, response) => {
      response.statusCode = 503
      response.end()
    })
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
    const port = (refusing.address() as AddressInfo).port
    const arrivals: Arrival[] = [{ at: 0, kind: 'progress', learner: 1, occurrence: 0 }]
    const refused = await runOpenLoop({ url: `http://127.0.0.1:${port}`, arrivals, connections: 1, request: () => ({ path: '/', headers: {} }) })
    expect(refused.kinds.get('progress')).toMatchObject({ latencies: [], failures: 1, firstFailure: 'GET / answered 503' })
    await new Promise<void>((resolve) => refusing.close(() => resolve()))
    const closed = await runOpenLoop({ url: `http://127.0.0.1:${port}`, arrivals, connections: 1, request: () => ({ path: '/', headers: {} }) })
    expect(closed.kinds.get('progress')?.failures).toBe(1)
  })

  it("closes a connection left idle before the server's keep-alive timeout can, so no request meets a closing connection", async () => {
    const keeping = http.createServer((request, response) => request.resume().on('end', () => response.end('ok')))
    let connections = 0
    keeping.on('connection', () => (connections += 1))
    await new Promise<void>((resolve) => keeping.listen(0, '127.0.0.1', resolve))
    expect(IDLE_CONNECTION_MS).toBeLessThan(keeping.keepAliveTimeout)
    const arrivals: Arrival[] = [
      { at: 0, kind: 'progress', learner: 1, occurrence: 0 },
      { at: IDLE_CONNECTION_MS + 500, kind: 'progress', learner: 1, occurrence: 1 },
    ]
    const result = await runOpenLoop({ url: `http://127.0.0.1:${(keeping.address() as AddressInfo).port}`, arrivals, connections: 1, request: () => ({ path: '/', headers: {} }) })
    await new Promise<void>((resolve) => keeping.close(() => resolve()))
    expect(result.kinds.get('progress')).toMatchObject({ failures: 0, latencies: [expect.any(Number), expect.any(Number)] })
    // The second request went on a new connection: the first was closed by the generator while idle, before the server's timeout.
    expect(connections).toBe(2)
  }, 10_000)
})

describe("figure 12's stepping", () => {
  type Quirks = { max?: number; flakyAt?: number; missesOnceAt?: number; scoutsHoldTo?: number }
  const steppingTo = (capacity: number, { max = 20_000, flakyAt, missesOnceAt, scoutsHoldTo = 0 }: Quirks = {}) => {
    const measured: [number, number][] = []
    let missedOnce = false
    const result = findCapacity({
      start: 1_000,
      max,
      scoutSeconds: 10,
      seconds: 60,
      bisections: 2,
      grain: 100,
      measure: async (learners, seconds) => {
        measured.push([learners, seconds])
        // A scout that misses the first time, as a step can on a shared machine.
        if (learners === missesOnceAt && seconds === 10 && !missedOnce) {
          missedOnce = true
          return { pass: false, detail: undefined }
        }
        // A step that passes only in a short run: the full-length check must catch it.
        const pass = learners <= capacity || (seconds === 10 && (learners === flakyAt || learners <= scoutsHoldTo))
        return { pass, detail: undefined }
      },
    })
    return { result, measured }
  }

  it.each([3_700, 1_000, 9_900, 450])('finds a capacity of %i within the last gap, both ends measured at full length', async (capacity) => {
    const { result } = steppingTo(capacity)
    const { capacity: found, next } = await result
    expect(found!.learners).toBeLessThanOrEqual(capacity)
    expect(found).toMatchObject({ pass: true, seconds: 60 })
    expect(next).toMatchObject({ pass: false, seconds: 60 })
    expect(next!.learners).toBeGreaterThan(capacity)
    // Two halvings of a doubling: within a quarter of the step above (plus the grain).
    expect(next!.learners - found!.learners).toBeLessThanOrEqual(Math.ceil(found!.learners / 4 / 100) * 100 + 100)
  })

  it('does not report a step that held only in a short run', async () => {
    const { result } = steppingTo(3_000, { flakyAt: 4_000 })
    const { capacity } = await result
    expect(capacity!.learners).toBeLessThanOrEqual(3_000)
    expect(capacity!.seconds).toBe(60)
  })

  it('halves the gap again when the highest scout that held misses at full length', async () => {
    // Scouts hold to 10,000 (as PostgreSQL's did on 29 November), full-length steps to 7,000 only.
    const { result } = steppingTo(7_000, { scoutsHoldTo: 10_000 })
    const { capacity, next } = await result
    expect(capacity).toMatchObject({ learners: 7_000, seconds: 60, pass: true })
    expect(next).toMatchObject({ learners: 8_000, seconds: 60, pass: false })
  })

  it('measures the step above a capacity found only at full length', async () => {
    // Every scout misses down to the grain; 100 holds at full length: 200 (failed as a scout) is measured at full length too.
    const { result } = steppingTo(150, { flakyAt: -1 })
    const found = await result
    expect(found.capacity).toMatchObject({ learners: 100, seconds: 60, pass: true })
    expect(found.next).toMatchObject({ learners: 200, seconds: 60, pass: false })
  })

  it('runs a scout that misses once more before it counts, so one pause does not decide where the search goes', async () => {
    const { result, measured } = steppingTo(9_000, { missesOnceAt: 4_000 })
    const found = await result
    expect(measured.slice(0, 5)).toEqual([[1_000, 10], [2_000, 10], [4_000, 10], [4_000, 10], [8_000, 10]])
    expect(found.capacity!.learners).toBeGreaterThanOrEqual(8_000)
    expect(found.capacity!.learners).toBeLessThanOrEqual(9_000)
  })

  it('reports the ceiling when every step holds, and no capacity when none does', async () => {
    expect((await steppingTo(50_000, { max: 6_000 }).result)).toMatchObject({ capacity: { learners: 6_000, seconds: 60, pass: true }, next: undefined })
    expect((await steppingTo(50).result).capacity).toBeUndefined()
  })
})
