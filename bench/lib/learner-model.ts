// Figure 12's model of real learners: what each one sends and how often (the sources are in
// docs/performance.md, figure 12, and docs/decisions/0092-capacity-and-the-learner-model.md), and
// the open-loop schedule of those requests for N learners over a few seconds.
import { WATCH_REPORT_INTERVAL_SECONDS } from '../../src/shared/media'

export type Kind =
  | 'watch report'
  | 'module page'
  | 'progress'
  | 'module completion'
  | 'knowledge check'
  | 'dashboard'
  | 'sign-in'
  | 'video range'
  | 'admin learner list'
  | 'admin reports'

/** Server-rendered HTML: their p99 may reach PAGE_P99_MS, a sign-in its own limit, every other kind REQUEST_P99_MS. */
export const PAGE_KINDS: ReadonlySet<Kind> = new Set(['module page', 'dashboard'])
export const REQUEST_P99_MS = 100
export const PAGE_P99_MS = 200

/**
 * A sign-in is one scrypt hash, slow by design (docs/decisions/0023-password-hashing-one-per-core.md),
 * plus an ordinary request: its limit is REQUEST_P99_MS plus twice the hash's own time, measured
 * alone in the same run, since at capacity the cores are busy and the hash shares one
 * (docs/decisions/0096-a-sign-in-s-limit-includes-its-hash.md).
 */
export const signInP99Limit = (hashMs: number) => REQUEST_P99_MS + 2 * hashMs

/** Each kind's p99 limit, given the hash's own time on this machine. */
export const p99Limits =
  (hashMs: number) =>
  (kind: Kind): number =>
    kind === 'sign-in' ? signInP99Limit(hashMs) : PAGE_KINDS.has(kind) ? PAGE_P99_MS : REQUEST_P99_MS

/** A learner opens a module page about every three minutes and watches in between. */
export const PAGE_CYCLE_SECONDS = 180

/**
 * One way of sending requests: each learner (or the admin) sends `kind` at `offsets` seconds into
 * every `periodSeconds`, from a starting point of their own. Activities of one `group` share that
 * starting point (the page, then the progress read, then the player's reports).
 */
export type Activity = { kind: Kind; who: 'learner' | 'admin'; periodSeconds: number; offsets: number[]; group: string }

const reportOffsets = Array.from({ length: PAGE_CYCLE_SECONDS / WATCH_REPORT_INTERVAL_SECONDS - 1 }, (_, index) => (index + 1) * WATCH_REPORT_INTERVAL_SECONDS)

export const ACTIVITIES: Activity[] = [
  // The page, its progress read half a second later (the dashboard's and menu's counts), then the
  // player's report every 12 s for the rest of the three minutes: 14 reports, the first interval
  // spent reading the page.
  { kind: 'module page', who: 'learner', periodSeconds: PAGE_CYCLE_SECONDS, offsets: [0], group: 'page cycle' },
  { kind: 'progress', who: 'learner', periodSeconds: PAGE_CYCLE_SECONDS, offsets: [0.5], group: 'page cycle' },
  { kind: 'watch report', who: 'learner', periodSeconds: PAGE_CYCLE_SECONDS, offsets: reportOffsets, group: 'page cycle' },
  // A module is about 30 minutes of video: a completion, a knowledge check and a look at the dashboard each.
  { kind: 'module completion', who: 'learner', periodSeconds: 1800, offsets: [0], group: 'completion' },
  { kind: 'knowledge check', who: 'learner', periodSeconds: 1800, offsets: [0], group: 'knowledge check' },
  { kind: 'dashboard', who: 'learner', periodSeconds: 1800, offsets: [0], group: 'dashboard' },
  // A session lasts 7 days, but learners use several devices and sign out: a sign-in every 3 hours.
  { kind: 'sign-in', who: 'learner', periodSeconds: 3 * 3600, offsets: [0], group: 'sign-in' },
  // An uploaded lesson's start or a seek: a 1 MB range every 10 minutes (most lessons play from YouTube).
  { kind: 'video range', who: 'learner', periodSeconds: 600, offsets: [0], group: 'video range' },
  // One admin at the same time, looking at the learner list and the reports every 10 s each.
  { kind: 'admin learner list', who: 'admin', periodSeconds: 10, offsets: [0], group: 'admin' },
  { kind: 'admin reports', who: 'admin', periodSeconds: 10, offsets: [5], group: 'admin' },
]

/** Requests per second of `kind` the model asks of `learners` learners (and the one admin). */
export const modelRate = (kind: Kind, learners: number): number =>
  ACTIVITIES.filter((activity) => activity.kind === kind).reduce((sum, activity) => sum + activityRate(activity, learners), 0)

/** Requests per second of every kind together. */
export const modelTotalRate = (learners: number): number => ACTIVITIES.reduce((sum, activity) => sum + activityRate(activity, learners), 0)

const activityRate = (activity: Activity, learners: number) => ((activity.who === 'admin' ? 1 : learners) * activity.offsets.length) / activity.periodSeconds

/**
 * One request the model sends: `at` ms after the start; `learner` 1..N, 0 for the admin;
 * `occurrence`, how many of its kind this sender has sent before in the schedule's time line
 * (the player's position grows with it).
 */
export type Arrival = { at: number; kind: Kind; learner: number; occurrence: number }

/** A small seeded generator (mulberry32): the same schedule for the same seed. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Every request of `learners` learners and the admin during `seconds`, in time order. The learners
 * are in their course already (the steady state, no crowd at the start): each group's starting
 * point is random within its learner's own slice of the period (slice i of N), so arrivals are
 * irregular from one moment to the next, while over any stretch of time they come at the model's
 * rate within one request per kind.
 */
export function schedule(learners: number, seconds: number, seed = 1): Arrival[] {
  const next = random(seed)
  const end = seconds * 1000
  const arrivals: Arrival[] = []
  const groups = [...new Set(ACTIVITIES.map((activity) => activity.group))]
  for (const group of groups) {
    const activities = ACTIVITIES.filter((activity) => activity.group === group)
    const { who, periodSeconds } = activities[0]!
    const senders = who === 'admin' ? [0] : Array.from({ length: learners }, (_, index) => index + 1)
    for (const [slice, learner] of senders.entries()) {
      const start = ((slice + next()) / senders.length) * periodSeconds
      for (const activity of activities) {
        activity.offsets.forEach((offset, index) => {
          // The first time within the run: an offset past the period is the previous period's.
          const first = (start + offset) % periodSeconds
          for (let period = 0; ; period += 1) {
            const at = Math.round((first + period * periodSeconds) * 1000)
            if (at >= end) break
            arrivals.push({ at, kind: activity.kind, learner, occurrence: period * activity.offsets.length + index })
          }
        })
      }
    }
  }
  return arrivals.sort((one, other) => one.at - other.at)
}
