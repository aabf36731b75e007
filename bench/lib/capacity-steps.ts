// Figure 12's search for capacity, the most learners for which a step meets every target
// (docs/decisions/0092-capacity-and-the-learner-model.md): short scouting steps doubling the
// learners until one fails, then full-length steps halving the gap, and both ends of the answer
// measured at full length (the one that holds and the next one that does not). A scout that misses
// is run once more before it counts: 10 s can miss on one pause of a shared machine, and a scout
// decides which sizes are ever measured at full length.

export type Step<T> = { learners: number; seconds: number; pass: boolean; detail: T }

export type SteppingOptions<T> = {
  /** The first step's learners; doubled while steps pass. */
  start: number
  /** No step above this (the seeded learners). */
  max: number
  /** Scouting steps' length, and the full length every answer is measured at. */
  scoutSeconds: number
  seconds: number
  /** Halvings of the gap between the last pass and the first failure. */
  bisections: number
  /** Steps are multiples of this many learners. */
  grain: number
  measure: (learners: number, seconds: number) => Promise<{ pass: boolean; detail: T }>
}

export type Capacity<T> = {
  /** The largest step that passed at full length; undefined when even the smallest failed. */
  capacity: Step<T> | undefined
  /** The next step up, which failed at full length; undefined when `max` held. */
  next: Step<T> | undefined
  steps: Step<T>[]
}

export async function findCapacity<T>(options: SteppingOptions<T>): Promise<Capacity<T>> {
  const { start, max, scoutSeconds, seconds, bisections, grain, measure } = options
  const steps: Step<T>[] = []
  const full = new Map<number, Step<T>>()
  const run = async (learners: number, length: number) => {
    const step = { learners, seconds: length, ...(await measure(learners, length)) }
    steps.push(step)
    if (length === seconds) full.set(learners, step)
    return step
  }
  const snap = (learners: number) => Math.max(grain, Math.round(learners / grain) * grain)
  const scout = async (learners: number) => (await run(learners, scoutSeconds)).pass || (await run(learners, scoutSeconds)).pass

  // Scouting: up by doubling from `start` (or down by halving when `start` already fails).
  let low = 0
  let high: number | undefined
  let learners = snap(Math.min(start, max))
  if (await scout(learners)) {
    low = learners
    while (learners < max) {
      learners = Math.min(max, snap(learners * 2))
      if (await scout(learners)) low = learners
      else {
        high = learners
        break
      }
    }
  } else {
    high = learners
    while (learners > grain) {
      learners = snap(learners / 2)
      if (learners >= high) break
      if (await scout(learners)) {
        low = learners
        break
      }
      high = learners
    }
  }

  // Halving the gap, at full length.
  const halve = async () => {
    for (let round = 0; round < bisections && high !== undefined && low > 0; round += 1) {
      const middle = snap((low + high) / 2)
      if (middle <= low || middle >= high) break
      if ((await run(middle, seconds)).pass) low = middle
      else high = middle
    }
  }
  await halve()

  // Both ends at full length: a low end that fails there gives way to the step below it, and that
  // new gap is halved as the first was (else a scout that held only for 10 s would leave the answer
  // at half the step that failed); a high end that passes there becomes the low end (a few times at
  // most, to keep the figure's time).
  for (let confirmations = 0; confirmations < 4; confirmations += 1) {
    if (low > 0 && !full.has(low)) {
      if (!(await run(low, seconds)).pass) {
        high = low
        low = low > grain ? snap(low / 2) : 0
        if (low >= high) low = 0
        await halve()
        continue
      }
    }
    if (high !== undefined && !full.has(high)) {
      if ((await run(high, seconds)).pass) {
        low = high
        // The next step up: the smallest that failed before (at any length), else a quarter more.
        const failedAbove = steps.filter((step) => !step.pass && step.learners > low).map((step) => step.learners)
        high = failedAbove.length > 0 ? Math.min(...failedAbove) : low < max ? Math.min(max, Math.max(low + grain, snap(low * 1.25))) : undefined
        continue
      }
    }
    break
  }
  return { capacity: low > 0 ? full.get(low) : undefined, next: high === undefined ? undefined : (full.get(high) ?? steps.findLast((step) => step.learners === high)), steps }
}
