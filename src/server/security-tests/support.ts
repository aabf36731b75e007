import type { App } from '../app'
import type { TestClient } from '../test/harness'

export type Route = { method: string; path: string; key: string }

/**
 * The API routes the app really has, from Hono's own table. `app.use` middleware and the `*`
 * fallbacks are registered as method ALL on a wildcard path: they are not routes. An ALL entry on
 * a concrete path is kept unless a real route shares its path (middleware in front of it), so a
 * handler answering every method still needs a row.
 */
export function apiRoutes(app: App): Route[] {
  // The API, and the Prometheus scrape address beside it.
  const entries = app.routes.filter((route) => route.path.startsWith('/api/') || route.path === '/api' || route.path === '/metrics')
  const concrete = new Set(entries.filter((route) => route.method !== 'ALL').map((route) => route.path))
  const keys = new Set<string>()
  for (const { method, path } of entries) {
    if (method === 'ALL' && (path.endsWith('*') || concrete.has(path))) continue
    keys.add(`${method} ${path}`)
  }
  return [...keys].sort().map((key) => {
    const [method = '', path = ''] = key.split(' ')
    return { method, path, key }
  })
}

/** The Cookie header a client would send. */
export const cookieHeader = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
