import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'

/**
 * A request header. Under @hono/node-server it comes from Node's own parsed headers: asking
 * Hono (`c.req.header`) makes the lightweight request build a WHATWG `Headers` object of all of
 * them, a measurable share of a cheap request (docs/performance.md). In-process tests have no
 * Node request and ask Hono.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}
