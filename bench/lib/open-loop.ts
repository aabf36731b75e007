// An open-loop load generator: each request leaves at its scheduled time whether or not the ones
// before it were answered (a closed loop such as autocannon's waits, and so hides a slow server
// by asking less of it). A request's latency is counted from its scheduled time, so time spent
// waiting for a free connection here counts too.
import http from 'node:http'
import type { Arrival, Kind } from './learner-model'

export type OutgoingRequest = { method?: 'GET' | 'POST' | 'PUT'; path: string; headers: Record<string, string>; body?: string }

export type KindOutcome = {
  /** Milliseconds from the scheduled time to the answer's last byte, for 2xx answers. */
  latencies: number[]
  /** Answers other than 2xx, errors and timeouts. */
  failures: number
  /** The first failure, to say what went wrong. */
  firstFailure?: string
}

export type OpenLoopResult = {
  kinds: Map<Kind, KindOutcome>
  sent: number
  /** The latest a request left after its scheduled time: the generator's own lag, in ms. */
  maxDispatchLagMs: number
  /** The slowest answer to the requests scheduled in each second of the run, in ms: a stall shows as one bad second, a server too slow as many. */
  worstBySecond: number[]
  seconds: number
}

export type OpenLoopOptions = {
  url: string
  arrivals: Arrival[]
  request: (arrival: Arrival) => OutgoingRequest
  /** Keep-alive connections at most (a browser keeps one or a few per learner; the portal sees this many). */
  connections: number
  timeoutMs?: number
}

/** Below the server's keep-alive timeout (Node's default, 5 s). */
export const IDLE_CONNECTION_MS = 4_000

export async function runOpenLoop({ url, arrivals, request, connections, timeoutMs = 10_000 }: OpenLoopOptions): Promise<OpenLoopResult> {
  const { hostname, port } = new URL(url)
  // An idle connection is closed here after 4 s, before the server's keep-alive timeout (Node's
  // 5 s) closes it: otherwise a request sent as the server closes it fails though the server never
  // saw it, and the generator, not the server, is measured (the soaks of 29 November).
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, timeout: IDLE_CONNECTION_MS })
  const kinds = new Map<Kind, KindOutcome>()
  const outcome = (kind: Kind) => kinds.get(kind) ?? kinds.set(kind, { latencies: [], failures: 0 }).get(kind)!
  const fail = (kind: Kind, why: string) => {
    const entry = outcome(kind)
    entry.failures += 1
    entry.firstFailure ??= why
  }
  const pending: Promise<void>[] = []
  let maxDispatchLagMs = 0
  const worstBySecond: number[] = []

  // A keep-alive connection the server closes as it idles out can take a request at that very
  // moment: the request was never read, and browsers send it again. So does this generator, once.
  const send = (arrival: Arrival, scheduled: number, isRetry = false): Promise<void> =>
    new Promise<void>((resolve) => {
      const { method = 'GET', path, headers, body } = request(arrival)
      const sent = http.request({ agent, hostname, port, method, path, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
        response.on('data', () => {})
        response.on('end', () => {
          const status = response.statusCode ?? 0
          const latency = performance.now() - scheduled
          const second = Math.floor(arrival.at / 1000)
          worstBySecond[second] = Math.max(worstBySecond[second] ?? 0, latency)
          if (status >= 200 && status < 300) outcome(arrival.kind).latencies.push(latency)
          else fail(arrival.kind, `${method} ${path} answered ${status}`)
          resolve()
        })
        response.on('error', (error) => {
          fail(arrival.kind, `${method} ${path}: ${error.message}`)
          resolve()
        })
      })
      sent.setTimeout(timeoutMs, () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)))
      sent.on('error', (error: NodeJS.ErrnoException) => {
        if (!isRetry && sent.reusedSocket && error.code === 'ECONNRESET') return resolve(send(arrival, scheduled, true))
        fail(arrival.kind, `${method} ${path}: ${error.message}`)
        resolve()
      })
      sent.end(body)
    })

  const started = performance.now()
  await new Promise<void>((resolve) => {
    let next = 0
    const dispatch = () => {
      const now = performance.now() - started
      while (next < arrivals.length && arrivals[next]!.at <= now) {
        const arrival = arrivals[next++]!
        maxDispatchLagMs = Math.max(maxDispatchLagMs, now - arrival.at)
        pending.push(send(arrival, started + arrival.at))
      }
      if (next < arrivals.length) setTimeout(dispatch, Math.max(1, arrivals[next]!.at - now))
      else resolve()
    }
    dispatch()
  })
  await Promise.all(pending)
  agent.destroy()
  return { kinds, sent: arrivals.length, maxDispatchLagMs, worstBySecond: Array.from(worstBySecond, (worst) => worst ?? 0), seconds: (performance.now() - started) / 1000 }
}

/** The value below which 99 % of the sorted values lie (nearest rank), 0 for none. */
export function p99(values: number[]): number {
  if (values.length === 0) return 0
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!
}
