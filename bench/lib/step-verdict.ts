// Whether one step of figure 12 holds: no failed request, and each kind's p99 within its limit
// (docs/decisions/0098-rare-kinds-are-judged-together.md). A kind with fewer than MIN_ANSWERS
// answers in the step has no p99 of its own (the 99th percentile of 40 answers is the slowest one,
// so one pause anywhere on the machine would decide the step): those kinds are judged together,
// each answer as a share of its own kind's limit, and the pool's p99 of those shares must be ≤ 1.
import type { Kind } from './learner-model'
import { p99 } from './open-loop'

export const MIN_ANSWERS = 100
export const OCCASIONAL = 'occasional requests'

export type KindAnswers = { kind: Kind; latencies: number[]; failures: number; firstFailure?: string }

/** One line of the verdict: a kind judged alone, or the occasional kinds judged together. */
export type Judged = {
  name: Kind | typeof OCCASIONAL
  count: number
  failures: number
  firstFailure?: string
  /** p99 of the answers' latencies in ms (alone) or of their shares of their own limits (together). */
  p99: number
  /** Its limit in ms (alone), 1 (together). */
  limit: number
  /** p99 ÷ its limit: above 1 misses. */
  load: number
  /** The kinds judged together, with their own slowest answer in ms. */
  members?: { kind: Kind; count: number; slowest: number }[]
}

export type Verdict = { pass: boolean; judged: Judged[] }

export function judgeStep(kinds: KindAnswers[], limit: (kind: Kind) => number): Verdict {
  const judged: Judged[] = []
  const occasional = kinds.filter((kind) => kind.latencies.length + kind.failures < MIN_ANSWERS)
  for (const kind of kinds) {
    if (occasional.includes(kind)) continue
    const value = p99(kind.latencies)
    const ms = limit(kind.kind)
    judged.push({ name: kind.kind, count: kind.latencies.length + kind.failures, failures: kind.failures, firstFailure: kind.firstFailure, p99: value, limit: ms, load: value / ms })
  }
  if (occasional.length > 0) {
    const shares = occasional.flatMap((kind) => kind.latencies.map((latency) => latency / limit(kind.kind)))
    const share = p99(shares)
    judged.push({
      name: OCCASIONAL,
      count: occasional.reduce((sum, kind) => sum + kind.latencies.length + kind.failures, 0),
      failures: occasional.reduce((sum, kind) => sum + kind.failures, 0),
      firstFailure: occasional.find((kind) => kind.failures > 0)?.firstFailure,
      p99: share,
      limit: 1,
      load: share,
      members: occasional.map((kind) => ({ kind: kind.kind, count: kind.latencies.length + kind.failures, slowest: Math.max(0, ...kind.latencies) })),
    })
  }
  return { pass: judged.every((line) => line.failures === 0 && line.load <= 1), judged }
}
