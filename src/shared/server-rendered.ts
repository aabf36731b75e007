import { MODULE_ROUTE, paths } from './paths'

/**
 * The signed-in screens the server renders with the learner's data, by route pattern: the server
 * (src/server/pages) answers them, the build writes a template for each, and the browser hydrates them.
 */
export const serverRenderedRoutes = [paths.dashboard, paths.progress, MODULE_ROUTE] as const

export type ServerRenderedRoute = (typeof serverRenderedRoutes)[number]
