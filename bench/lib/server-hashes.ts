// What the server's own metrics say of its password hashes during a step (figure 12): a sign-in
// is mostly one scrypt hash, and a busy machine stretches it. Read from the histogram
// `password_hash_duration_seconds{phase="hashing"}` (src/server/observability/metrics.ts).

/** Cumulative counts by upper bound in seconds (+Inf included), as one scrape showed them. */
export type HashBuckets = Map<number, number>

const BUCKET = /^password_hash_duration_seconds_bucket\{le="([^"]+)",phase="hashing"\} (\d+)$/gm

export function parseHashBuckets(exposition: string): HashBuckets {
  const buckets: HashBuckets = new Map()
  for (const [, le, count] of exposition.matchAll(BUCKET)) buckets.set(le === '+Inf' ? Infinity : Number(le), Number(count))
  return buckets
}

export type StepHashes = { count: number; p50Ms: number; p99Ms: number }

/**
 * The hashes between two scrapes: how many, and the bucket bounds their median and 99th
 * percentile fall under (in ms; Infinity past the last bound). Undefined when none ran.
 */
export function hashesBetween(before: HashBuckets, after: HashBuckets): StepHashes | undefined {
  const bounds = [...after.keys()].sort((one, other) => one - other)
  const between = bounds.map((bound) => ({ bound, count: (after.get(bound) ?? 0) - (before.get(bound) ?? 0) }))
  const count = between.at(-1)?.count ?? 0
  if (count === 0) return undefined
  const under = (share: number) => between.find((bucket) => bucket.count >= share * count)!.bound * 1000
  return { count, p50Ms: under(0.5), p99Ms: under(0.99) }
}

export const hashesText = (hashes: StepHashes | undefined) =>
  hashes ? `${hashes.count} hashes, p50 ≤ ${Math.round(hashes.p50Ms)} ms, p99 ≤ ${Math.round(hashes.p99Ms)} ms` : 'no hashes'
