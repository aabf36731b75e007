// autocannon, reduced to the figures the table shows.
import autocannon from 'autocannon'

export type Request = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; headers?: Record<string, string>; body?: string }

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
  p50: number
  p99: number
  max: number
  /** Answers other than 2xx, plus errors and timeouts. */
  failures: number
  total: number
}

const asAutocannon = (requests: Request[]) =>
  requests.map(({ method = 'GET', path, headers = {}, body }) => ({
    method,
    path,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  }))

export async function load({ url, connections, duration, requests = [{ path: '/' }], perConnection }: LoadOptions): Promise<LoadResult> {
  let clients = 0
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: asAutocannon(perConnection ? perConnection(0) : requests),
    ...(perConnection ? { setupClient: (client: autocannon.Client) => client.setRequests(asAutocannon(perConnection(clients++))) } : {}),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
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
