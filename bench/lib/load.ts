// autocannon, reduced to the figures the table shows.
import autocannon from 'autocannon'

export type Request = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  headers?: Record<string, string>
  body?: string
  /** Requests of a mixed load are reported per kind too (`LoadResult.kinds`). */
  kind?: string
}

export type LoadOptions = {
  url: string
  connections: number
  /** Seconds. */
  duration: number
  /** What each connection sends, in turn; `perConnection` gives each connection its own list. */
  requests?: Request[]
  perConnection?: (index: number) => Request[]
}

export type LoadResult = {
  rps: number
  mean: number
  p50: number
  p99: number
  max: number
  /** Answers other than 2xx, plus errors and timeouts. */
  failures: number
  total: number
  /** Per `Request.kind`, when the requests have kinds. */
  kinds?: Record<string, KindResult>
}

/** One kind of request in a mixed load: latencies of its 2xx answers (as autocannon's), its other answers. */
export type KindResult = { p99: number; non2xx: number; total: number }

type KindLatencies = { latencies: number[]; non2xx: number }

/**
 * autocannon's requests; with `kinds`, each request's kind and status are kept in `last` when its
 * answer arrives (`onResponse`), just before the client's `response` event gives the latency.
 */
const asAutocannon = (requests: Request[], last?: { kind?: string; status?: number }) =>
  requests.map(({ method = 'GET', path, headers = {}, body, kind }) => ({
    method,
    path,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
    ...(last && kind ? { onResponse: (status: number) => Object.assign(last, { kind, status }) } : {}),
  }))

/** Records each answer's latency under its request's kind (one request at a time per connection). */
function kindRecorder(kinds: Map<string, KindLatencies>) {
  return (client: autocannon.Client, requests: Request[]) => {
    const last: { kind?: string; status?: number } = {}
    client.setRequests(asAutocannon(requests, last))
    client.on('response', (_status: number, _bytes: number, latency: number) => {
      if (last.kind === undefined || last.status === undefined) return
      let kind = kinds.get(last.kind)
      if (!kind) kinds.set(last.kind, (kind = { latencies: [], non2xx: 0 }))
      if (last.status >= 200 && last.status < 300) kind.latencies.push(latency)
      else kind.non2xx += 1
      last.kind = undefined
    })
  }
}

/** The value below which `share` of the sorted values lie (nearest rank), 0 for none. */
function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
}

export async function load({ url, connections, duration, requests = [{ path: '/' }], perConnection }: LoadOptions): Promise<LoadResult> {
  let clients = 0
  const listOf = (client: number) => (perConnection ? perConnection(client) : requests)
  const kinds = listOf(0).some((request) => request.kind) ? new Map<string, KindLatencies>() : undefined
  const record = kinds && kindRecorder(kinds)
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: asAutocannon(listOf(0)),
    ...(record
      ? { setupClient: (client: autocannon.Client) => record(client, listOf(clients++)) }
      : perConnection
        ? { setupClient: (client: autocannon.Client) => client.setRequests(asAutocannon(perConnection(clients++))) }
        : {}),
  })
  return {
    rps: result.requests.average,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
    ...(kinds
      ? {
          kinds: Object.fromEntries(
            [...kinds].map(([kind, { latencies, non2xx }]) => [
              kind,
              { p99: percentile(latencies.sort((a, b) => a - b), 0.99), non2xx, total: latencies.length + non2xx },
            ]),
          ),
        }
      : {}),
  }
}

/** Checks one request answers 2xx before it is measured (a 401 is fast, and wrong). */
export async function expectOk(url: string, request: Request): Promise<void> {
  const response = await fetch(`${url}${request.path}`, {
    method: request.method ?? 'GET',
    headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    body: request.body,
  })
  if (!response.ok) throw new Error(`${request.method ?? 'GET'} ${request.path} answered ${response.status}: ${await response.text()}`)
  await response.arrayBuffer()
}
