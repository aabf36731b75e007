import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Context } from 'hono'

/**
 * Under @hono/node-server a request's context carries Node's own request and response
 * (`c.env`). Reading and writing headers there avoids the WHATWG `Headers` objects Hono would
 * build, a measurable share of a cheap request (docs/performance.md). In-process tests
 * (`app.request`) have neither, and go through Hono.
 */
type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse }

const bindings = (c: Context) => (c.env ?? {}) as NodeBindings

export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const { incoming } = bindings(c)
  if (!incoming) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** Node's response, when there is one: headers set on it go out with whatever Hono answers. */
export function nodeResponse(c: Context): ServerResponse | undefined {
  return bindings(c).outgoing
}
