import { matchRoutes, renderMatches, useLocation, useRoutes, type RouteMatch, type RouteObject } from 'react-router'

/**
 * Paths made only of characters a URL keeps as they are: React Router matches a path decoded and
 * re-encodes what it matched, which for these gives back the very same path.
 */
const PLAIN_PATH = /^[\w\-.~/:@!$&'()*+,;=]*$/

/** Paths remembered at most; past it the memory starts again (a verification link per certificate is a path). */
const MAX_REMEMBERED_PATHS = 256

/**
 * A top-level `<Routes>` over `routes`, with what each path matched remembered. React Router's
 * declarative `<Routes>` flattens, compiles and ranks every route on every render, about a seventh
 * of a server-rendered module page's CPU time; its data router does that once, but costs every page
 * more script (docs/decisions/0076-remembered-route-matches.md). A path with anything a URL encodes
 * goes through `useRoutes` itself.
 */
export function createAppRoutes(routes: RouteObject[]) {
  const remembered = new Map<string, RouteMatch[] | null>()
  const matchesOf = (pathname: string) => {
    let matches = remembered.get(pathname)
    if (matches === undefined) {
      matches = matchRoutes(routes, pathname)
      if (remembered.size >= MAX_REMEMBERED_PATHS) remembered.clear()
      remembered.set(pathname, matches)
    }
    return matches
  }

  function RouterRoutes() {
    return useRoutes(routes)
  }

  return function AppRoutes() {
    const pathname = useLocation().pathname || '/'
    if (!PLAIN_PATH.test(pathname)) return <RouterRoutes />
    const matches = matchesOf(pathname)
    // Fresh params on every render, as `useRoutes` hands them out: nothing shares a remembered object.
    return renderMatches(matches && matches.map((match) => ({ ...match, params: { ...match.params } })))
  }
}
