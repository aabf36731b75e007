import cluster from 'node:cluster'
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { observeHashes } from '../auth/password-hashing'

/** What the PostgreSQL pool holds at a moment (pg's own counters). */
export type PoolStats = { total: number; idle: number; waiting: number }

/** Request latency buckets, in seconds: the targets of docs/performance.md sit between them. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * Password hash buckets, in seconds: one scrypt hash takes 60–180 ms alone on the development
 * machine, and figure 12 of docs/performance.md asks how far a busy server stretches it.
 */
const HASH_BUCKETS = [0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.4, 0.5, 1, 2.5]

/**
 * The Prometheus metrics of one server process: requests by route pattern, their latency, the
 * password hashes' time, the database pool, and Node's own (event-loop lag, memory, CPU, GC).
 * Under WEB_CONCURRENCY the process that answers `/metrics` asks the cluster's primary for the
 * sum over every worker (docs/decisions/0043-metrics-behind-a-token.md).
 */
export function createMetrics({ poolStats }: { poolStats?: () => PoolStats } = {}) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const hashes = new Histogram({
    name: 'password_hash_duration_seconds',
    help: 'One scrypt password hash (a sign-in, a password set or changed): waiting for a free core, then hashing',
    labelNames: ['phase'] as const,
    buckets: HASH_BUCKETS,
    registers: [registry],
  })
  observeHashes(({ waitedSeconds, hashingSeconds }) => {
    hashes.observe({ phase: 'waiting' }, waitedSeconds)
    hashes.observe({ phase: 'hashing' }, hashingSeconds)
  })
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL connections of this process, by state (total, idle, waiting: queries waiting for a connection)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats()
        this.set({ state: 'total' }, stats.total)
        this.set({ state: 'idle' }, stats.idle)
        this.set({ state: 'waiting' }, stats.waiting)
      },
    })
  }
  if (cluster.isWorker) {
    // prom-client's worker side answers the primary with this registry's values; making an
    // AggregatorRegistry is what starts it listening.
    AggregatorRegistry.setRegistries([registry])
    new AggregatorRegistry()
  }

  return {
    contentType: registry.contentType,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status })
      duration.observe({ method, route }, seconds)
    },
    /** The exposition text: this process's, or every worker's summed when in a cluster. */
    text: (): Promise<string> => (cluster.isWorker && process.send ? askPrimary() : registry.metrics()),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

const REQUEST = 'sws:metrics-request'
const ANSWER = 'sws:metrics-answer'
type AnswerMessage = { type: typeof ANSWER; id: number; text?: string; error?: string }
let nextId = 0

function askPrimary(): Promise<string> {
  const id = (nextId += 1)
  return new Promise((resolve, reject) => {
    const onMessage = (message: AnswerMessage) => {
      if (message?.type !== ANSWER || message.id !== id) return
      process.off('message', onMessage)
      if (message.text === undefined) reject(new Error(message.error ?? 'The cluster primary sent no metrics'))
      else resolve(message.text)
    }
    process.on('message', onMessage)
    process.send!({ type: REQUEST, id })
  })
}

/** In the cluster's primary: answers a worker's request with every worker's metrics, summed. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: { type?: string; id: number }) => {
    if (message?.type !== REQUEST) return
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies AnswerMessage),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies AnswerMessage),
    )
  })
}
