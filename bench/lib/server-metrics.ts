// What the server's own metrics say of a step of figure 12 (src/server/observability/metrics.ts),
// read before and after it: its password hashes (a sign-in is mostly one scrypt hash, and a busy
// machine stretches it), its own time for the watch reports (the most frequent request), how long
// its event loop was held up, and its full garbage collections. Beside the load generator's
// latencies, they say whether a slow answer was slow inside the server or outside it.

/** A histogram's cumulative counts by upper bound in seconds (+Inf included), as one scrape showed them. */
export type Buckets = Map<number, number>
type Labels = Record<string, string>

const SERIES = /^([a-zA-Z0-9_:]+?)(_bucket|_sum|_count)?(?:\{([^}]*)\})? (\S+)$/gm
const LABEL = /([a-z_]+)="([^"]*)"/g

/** Every sample of `metric` (its `_bucket`, `_sum`, `_count` or the gauge itself) whose labels satisfy `match`. */
function samples(exposition: string, metric: string, suffix: '' | '_bucket' | '_sum' | '_count', match: (labels: Labels) => boolean) {
  const found: { labels: Labels; value: number }[] = []
  for (const [, name, ending = '', labelText, value] of exposition.matchAll(SERIES)) {
    if (name !== metric || ending !== suffix) continue
    const labels = Object.fromEntries([...(labelText ?? '').matchAll(LABEL)].map(([, key, text]) => [key!, text!]))
    if (match(labels)) found.push({ labels, value: Number(value) })
  }
  return found
}

/** A histogram's buckets, summed over its series whose labels satisfy `match`. */
export function parseBuckets(exposition: string, metric: string, match: (labels: Labels) => boolean): Buckets {
  const buckets: Buckets = new Map()
  for (const { labels, value } of samples(exposition, metric, '_bucket', match)) {
    const bound = labels.le === '+Inf' ? Infinity : Number(labels.le)
    buckets.set(bound, (buckets.get(bound) ?? 0) + value)
  }
  return buckets
}

export const parseHashBuckets = (exposition: string) => parseBuckets(exposition, 'password_hash_duration_seconds', (labels) => labels.phase === 'hashing')

export type StepQuantiles = { count: number; p50Ms: number; p99Ms: number }

/**
 * What was observed between two scrapes: how many, and the bucket bounds their median and 99th
 * percentile fall under (in ms; Infinity past the last bound). Undefined when nothing was.
 */
export function quantilesBetween(before: Buckets, after: Buckets): StepQuantiles | undefined {
  const bounds = [...after.keys()].sort((one, other) => one - other)
  const between = bounds.map((bound) => ({ bound, count: (after.get(bound) ?? 0) - (before.get(bound) ?? 0) }))
  const count = between.at(-1)?.count ?? 0
  if (count === 0) return undefined
  const under = (share: number) => between.find((bucket) => bucket.count >= share * count)!.bound * 1000
  return { count, p50Ms: under(0.5), p99Ms: under(0.99) }
}

export const hashesText = (hashes: StepQuantiles | undefined) =>
  hashes ? `${hashes.count} hashes, p50 ≤ ${Math.round(hashes.p50Ms)} ms, p99 ≤ ${Math.round(hashes.p99Ms)} ms` : 'no hashes'

/** One scrape of what a step reads. */
export type ServerScrape = {
  hashes: Buckets
  watchReports: Buckets
  /** The event loop's delay since the scrape before (prom-client resets it at each scrape), in ms. */
  loopDelay: { p99Ms: number; maxMs: number }
  majorGc: { count: number; seconds: number }
}

const isWatchReport = (labels: Labels) => labels.method === 'PUT' && labels.route === '/api/watch/:moduleId/:lessonId'
const gauge = (exposition: string, metric: string) => Math.max(0, ...samples(exposition, metric, '', () => true).map((sample) => sample.value))
const total = (exposition: string, metric: string, suffix: '_sum' | '_count', match: (labels: Labels) => boolean) =>
  samples(exposition, metric, suffix, match).reduce((sum, sample) => sum + sample.value, 0)

export function readServerScrape(exposition: string): ServerScrape {
  const isMajor = (labels: Labels) => labels.kind === 'major'
  return {
    hashes: parseHashBuckets(exposition),
    watchReports: parseBuckets(exposition, 'http_request_duration_seconds', isWatchReport),
    loopDelay: { p99Ms: gauge(exposition, 'nodejs_eventloop_lag_p99_seconds') * 1000, maxMs: gauge(exposition, 'nodejs_eventloop_lag_max_seconds') * 1000 },
    majorGc: { count: total(exposition, 'nodejs_gc_duration_seconds', '_count', isMajor), seconds: total(exposition, 'nodejs_gc_duration_seconds', '_sum', isMajor) },
  }
}

export type StepServer = { hashes?: StepQuantiles; watchReports?: StepQuantiles; loopDelay: ServerScrape['loopDelay']; majorGc: { count: number; ms: number } }

/** A step as the server saw it, from the scrapes before and after it. */
export const serverBetween = (before: ServerScrape, after: ServerScrape): StepServer => ({
  hashes: quantilesBetween(before.hashes, after.hashes),
  watchReports: quantilesBetween(before.watchReports, after.watchReports),
  loopDelay: after.loopDelay,
  majorGc: { count: after.majorGc.count - before.majorGc.count, ms: (after.majorGc.seconds - before.majorGc.seconds) * 1000 },
})

export function serverText(step: StepServer): string {
  const watch = step.watchReports ? `watch reports p99 ≤ ${Math.round(step.watchReports.p99Ms)} ms` : 'no watch reports'
  const loop = `event loop delay p99 ${Math.round(step.loopDelay.p99Ms)} ms, max ${Math.round(step.loopDelay.maxMs)} ms`
  return `${watch}; ${hashesText(step.hashes)}; ${loop}; ${step.majorGc.count} full collections, ${Math.round(step.majorGc.ms)} ms`
}
