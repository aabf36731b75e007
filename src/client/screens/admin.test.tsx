// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ADMIN_ROUTE } from '../../shared/paths'
import { mockApi, renderScreen } from '../test/render'
import AdminPage from './admin'

/** The panel below the app's `/admin/*`, as src/client/app/app.tsx routes it. */
function renderAdmin(url: string) {
  // The sections' own requests stay unanswered: these tests are about which page shows.
  const requests = mockApi(() => new Promise<Response>(() => {}))
  const user = userEvent.setup()
  renderScreen(
    <Routes>
      <Route path={ADMIN_ROUTE} element={<AdminPage />} />
    </Routes>,
    { url },
  )
  return { requests, user }
}

const currentTab = () => screen.getByRole('navigation', { name: 'Admin sections' }).querySelector('[aria-current="page"]')?.textContent

describe('the Admin Panel', () => {
  it.each([
    ['/admin', 'Users'],
    ['/admin/insights', 'Insights'],
    ['/admin/import', 'Import'],
    ['/admin/reports', 'Reports'],
    ['/admin/course', 'Course'],
    ['/admin/course/questions', 'Course'],
    ['/admin/integrations', 'Integrations'],
    ['/admin/activity', 'Activity'],
    ['/admin/settings/emails', 'E-mails'],
  ])('opens %s in the panel with the %s tab current', async (url, tab) => {
    renderAdmin(url)
    await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })
    expect(currentTab()).toBe(tab)
    expect(screen.getByRole('navigation', { name: 'Admin sections' }).querySelectorAll('a')).toHaveLength(8)
    expect(screen.queryByText('Oops! Page not found')).toBeNull()
  })

  it('keeps the panel and the focus on the tab when another section opens', async () => {
    const { user } = renderAdmin('/admin/insights')
    const reports = await screen.findByRole('link', { name: 'Reports' })
    await user.click(reports)
    expect(screen.getByRole('link', { name: 'Reports' })).toBe(reports)
    expect(currentTab()).toBe('Reports')
    expect(document.activeElement).toBe(reports)
    expect(screen.getByLabelText('Current URL').textContent).toBe('/admin/reports')
  })

  it('opens the module editor on the whole width, outside the panel', async () => {
    const { requests } = renderAdmin('/admin/course/modules/m2')
    await waitFor(() => expect(requests.map((request) => request.url.pathname)).toContain('/api/admin/course/modules/m2'))
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).toBeNull()
  })

  it.each(['/admin/nope', '/admin/insights/extra', '/admin/course/modules', '/admin/course/modules/m2/history'])('shows the 404 page at %s', async (url) => {
    renderAdmin(url)
    await screen.findByText('Oops! Page not found')
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).toBeNull()
  })
})
