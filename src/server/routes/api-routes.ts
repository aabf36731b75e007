import type { Hono } from 'hono'

/** One route module's part of the API: where app.ts mounts it, and its routes. */
export type ApiRoutes = {
  /** Under /api, but for the Prometheus scrape address, `/metrics`, where scrapers look. */
  path: `/api${string}` | '/metrics'
  routes: Hono<any, any, any>
  /**
   * The module limits its own request bodies, after its guards (the bulk import takes files
   * larger than the API's limit), so the API-wide limit skips its path (middleware/body-limit.ts).
   */
  limitsOwnBody?: boolean
}
