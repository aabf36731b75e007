import { adminPaths } from './admin-paths'
import { isModuleNumber, paths } from './paths'

const strings = (table: Record<string, unknown>) => Object.values(table).filter((path): path is string => typeof path === 'string')

/** Every screen with a path of its own: each string of `paths` and `adminPaths` (the functions are the pages with a parameter). */
const staticRoutes = new Set([...strings(paths), ...strings(adminPaths)])

/**
 * Whether the client has a screen for this path; anything else is the 404 page. A module page
 * exists for each module of the published course, which only the server knows: it passes the
 * count it serves (src/server/course/course-store.ts). Only the server imports this module: the
 * client's routes are its own (src/client/app/app.tsx, src/client/screens/admin.tsx).
 */
export function isKnownRoute(pathname: string, moduleCount: number): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (staticRoutes.has(path)) return true
  const moduleMatch = /^\/module\/([^/]+)$/.exec(path)
  if (moduleMatch) return isModuleNumber(moduleMatch[1]!) && Number(moduleMatch[1]) <= moduleCount
  // A draft module's editor and preview: the id's shape only (the screen says when there is no such module).
  if (/^\/admin\/course\/modules\/[A-Za-z0-9_-]{1,64}(\/preview)?$/.test(path)) return true
  return /^\/verify\/[^/]+$/.test(path)
}
