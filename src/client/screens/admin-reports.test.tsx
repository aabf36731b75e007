// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockApi, renderScreen } from '../test/render'
import AdminReportsPage from './admin-reports'

const emptyPage = { total: 0, page: 1, pageSize: 50, pageCount: 1, rows: [] }

describe('AdminReportsPage', () => {
  it('switches between the learner progress and the video watching reports by link', async () => {
    const requests = mockApi(({ url }) =>
      json(
        url.pathname === '/api/admin/reports'
          ? { ...emptyPage, moduleCount: 3, totals: { learners: 0, completed: 0, averagePercent: 0 } }
          : emptyPage,
      ),
    )
    const user = userEvent.setup()
    renderScreen(<AdminReportsPage />, { url: '/admin/reports?status=completed' })
    expect(await screen.findByText('No learners match this status')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Learner Progress' }).getAttribute('aria-current')).toBe('page')

    await user.click(screen.getByRole('link', { name: 'Video Watching' }))
    expect(await screen.findByText('No videos watched yet')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Video Watching' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Learner Progress' }).getAttribute('aria-current')).toBeNull()
    // The other report's filter and page are left behind.
    expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toBe('/admin/reports?report=watching')
    expect(requests.at(-1)!.url.pathname).toBe('/api/admin/reports/watching')

    await user.click(screen.getByRole('link', { name: 'Learner Progress' }))
    expect(await screen.findByText('No learners yet')).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toBe('/admin/reports')
  })
})
