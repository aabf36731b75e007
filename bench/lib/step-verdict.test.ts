import { describe, expect, it } from 'vitest'
import { p99Limits } from './learner-model'
import { judgeStep, OCCASIONAL } from './step-verdict'

const limit = p99Limits(200) // a sign-in's limit: 500 ms
const answers = (count: number, ms: number, slow: number[] = []) => [...Array.from({ length: count - slow.length }, () => ms), ...slow]

describe("figure 12's verdict on a step", () => {
  it('judges a kind with enough answers by its own p99', () => {
    const holds = judgeStep([{ kind: 'watch report', latencies: answers(1000, 20, Array(10).fill(400)), failures: 0 }], limit)
    expect(holds).toMatchObject({ pass: true, judged: [{ name: 'watch report', count: 1000, p99: 20 }] })
    const misses = judgeStep([{ kind: 'watch report', latencies: answers(1000, 20, Array(11).fill(400)), failures: 0 }], limit)
    expect(misses).toMatchObject({ pass: false, judged: [{ name: 'watch report', p99: 400, load: 4 }] })
  })

  it('judges kinds with fewer than 100 answers together, each answer against its own limit', () => {
    const step = (slowCheck: number, slowSignIn: number) =>
      judgeStep(
        [
          { kind: 'watch report', latencies: answers(500, 10), failures: 0 },
          { kind: 'knowledge check', latencies: answers(60, 30, [slowCheck]), failures: 0 },
          { kind: 'sign-in', latencies: answers(5, 250, [slowSignIn]), failures: 0 },
          { kind: 'dashboard', latencies: answers(60, 50), failures: 0 },
        ],
        limit,
      )
    // One slow answer in 125 is within the pool's p99; alone, it would have been the knowledge check's.
    const one = step(150, 300)
    expect(one.pass).toBe(true)
    expect(one.judged.map((line) => line.name)).toEqual(['watch report', OCCASIONAL])
    expect(one.judged[1]).toMatchObject({ count: 125, members: [{ kind: 'knowledge check', count: 60, slowest: 150 }, { kind: 'sign-in', count: 5, slowest: 300 }, { kind: 'dashboard', count: 60, slowest: 50 }] })
    // Two slow answers (a knowledge check at 150 % of 100 ms, a sign-in at 120 % of 500 ms) are not.
    const two = step(150, 600)
    expect(two.pass).toBe(false)
    expect(two.judged[1]!.load).toBeCloseTo(1.2)
    // A sign-in of 450 ms is within its own limit: one slow answer again.
    expect(step(150, 450).pass).toBe(true)
  })

  it('fails a step with any failed request, alone or in the pool', () => {
    expect(judgeStep([{ kind: 'progress', latencies: answers(200, 5), failures: 1, firstFailure: 'GET /api/progress answered 500' }], limit).pass).toBe(false)
    const pooled = judgeStep([{ kind: 'admin reports', latencies: [5], failures: 1, firstFailure: 'GET /api/admin/reports answered 503' }], limit)
    expect(pooled).toMatchObject({ pass: false, judged: [{ name: OCCASIONAL, failures: 1, firstFailure: 'GET /api/admin/reports answered 503' }] })
  })
})
