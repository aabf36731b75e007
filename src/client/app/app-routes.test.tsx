import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesFromElements, Link, Outlet, Route, Routes, StaticRouter, useLocation, useParams, useResolvedPath } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createAppRoutes } from './app-routes'

/** What a screen can see of the match: its params, the path it resolves `.` to, a relative link. */
function Screen({ name }: { name: string }) {
  const params = useParams()
  return (
    <p>
      {name} {JSON.stringify(params)} at {useResolvedPath('.').pathname} of {useLocation().pathname} <Link to="next">next</Link>
    </p>
  )
}

function Layout({ name }: { name: string }) {
  return (
    <section>
      {name}
      <Outlet />
    </section>
  )
}

/** The Admin Panel's pages, routed inside its own chunk below `/admin/*` (src/client/screens/admin.tsx). */
function Admin() {
  return (
    <Routes>
      <Route element={<Layout name="admin" />}>
        <Route index element={<Screen name="users" />} />
        <Route path="import" element={<Screen name="import" />} />
      </Route>
      <Route path="course/modules/:moduleId/*" element={<Editor />} />
      <Route path="*" element={<Screen name="admin not found" />} />
    </Routes>
  )
}

function Editor() {
  return (
    <Routes>
      <Route index element={<Screen name="editor" />} />
      <Route path="preview" element={<Screen name="preview" />} />
    </Routes>
  )
}

const elements = (
  <>
    <Route path="/" element={<Screen name="home" />} />
    <Route path="/verify/:certificateId" element={<Screen name="verify" />} />
    <Route element={<Layout name="providers" />}>
      <Route element={<Layout name="layout" />}>
        <Route path="/module/:moduleNumber" element={<Screen name="module" />} />
        <Route path="/admin/*" element={<Admin />} />
      </Route>
    </Route>
    <Route path="*" element={<Screen name="not found" />} />
  </>
)

const AppRoutes = createAppRoutes(createRoutesFromElements(elements))
const render = (path: string, routes: ReactNode) => renderToString(<StaticRouter location={path}>{routes}</StaticRouter>)

describe('createAppRoutes', () => {
  it.each([
    '/',
    '/verify/SWS-ABCD-EFGH',
    '/module/3',
    '/module/3/',
    '/MODULE/3',
    '/admin',
    '/admin/import',
    '/admin/course/modules/m2',
    '/admin/course/modules/m2/preview',
    '/admin/nope',
    '/admin/imp%20rt',
    '/nowhere/at/all',
    '/verify/a%20b',
    '/module/%E2%9C%93',
    '/verify/ünïcode',
    '',
  ])('renders %j exactly as <Routes> does', (path) => {
    const expected = render(path, <Routes>{elements}</Routes>)
    expect(expected).not.toBe('')
    // Twice: the second render uses what the first one matched.
    expect(render(path, <AppRoutes />)).toBe(expected)
    expect(render(path, <AppRoutes />)).toBe(expected)
  })

  it('hands every render its own params, as <Routes> does', () => {
    const seen: object[] = []
    function Collect() {
      seen.push(useParams())
      return null
    }
    const Routes = createAppRoutes(createRoutesFromElements(<Route path="/module/:moduleNumber" element={<Collect />} />))
    render('/module/1', <Routes />)
    render('/module/1', <Routes />)
    expect(seen).toEqual([{ moduleNumber: '1' }, { moduleNumber: '1' }])
    expect(seen[0]).not.toBe(seen[1])
  })

  it('keeps matching right past the paths it remembers', () => {
    for (let n = 0; n < 600; n++) expect(render(`/verify/SWS-${n}`, <AppRoutes />)).toContain(`{&quot;certificateId&quot;:&quot;SWS-${n}&quot;}`)
    expect(render('/module/7', <AppRoutes />)).toBe(render('/module/7', <Routes>{elements}</Routes>))
  })
})
