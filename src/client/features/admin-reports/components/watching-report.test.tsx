// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { WatchingReport as WatchingReportData, WatchingReportRow } from '../../../../shared/media'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { WatchingReport } from './watching-report'

const row = (fields: Partial<WatchingReportRow>): WatchingReportRow => ({
  email: 'casey@example.com',
  fullName: 'Casey Learner',
  moduleNumber: 2,
  moduleTitle: 'Pipelines',
  lessonTitle: 'Setting up stages',
  percentWatched: 64,
  lastWatchedAt: '2026-03-02T10:15:00.000Z',
  ...fields,
})

const page = (rows: WatchingReportRow[], total = rows.length, current = 1): WatchingReportData => ({
  rows,
  total,
  page: current,
  pageSize: 50,
  pageCount: Math.max(1, Math.ceil(total / 50)),
})

describe('WatchingReport', () => {
  it('shows each learner and lesson with the percent watched and when, and exports the CSV', async () => {
    mockApi(() =>
      json(page([row({}), row({ email: 'dana@example.com', fullName: '', moduleNumber: 1, moduleTitle: 'Basics', lessonTitle: 'Welcome', percentWatched: 100 })])),
    )
    renderScreen(<WatchingReport />, { url: '/admin/reports?report=watching' })
    expect(await screen.findByText('2 watched lessons')).toBeTruthy()
    // happy-dom measures no width: the rows are cards, as on a phone.
    const [casey, dana] = screen.getAllByRole('listitem')
    expect(within(casey!).getByText('casey@example.com')).toBeTruthy()
    expect(within(casey!).getByText('Casey Learner')).toBeTruthy()
    expect(within(casey!).getByText('Setting up stages')).toBeTruthy()
    expect(within(casey!).getByText('Module 2: Pipelines')).toBeTruthy()
    expect(within(casey!).getByText('64%')).toBeTruthy()
    expect(casey!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-02T10:15:00.000Z')
    expect(within(dana!).getByText('100%')).toBeTruthy()
    expect(within(dana!).getByText('Module 1: Basics')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/reports/watching.csv')
  })

  it('asks the server for the page in the URL and moves to the next one', async () => {
    const requests = mockApi(({ url }) => {
      const current = Number(url.searchParams.get('page') ?? 1)
      return json(page([row({ lessonTitle: `Lesson on page ${current}` })], 120, current))
    })
    const user = userEvent.setup()
    renderScreen(<WatchingReport />, { url: '/admin/reports?report=watching&page=2' })
    expect(await screen.findByText('Lesson on page 2')).toBeTruthy()
    expect(requests[0]!.url.pathname).toBe('/api/admin/reports/watching')
    expect(requests[0]!.url.searchParams.get('page')).toBe('2')
    await user.click(screen.getByRole('button', { name: /Next/ }))
    expect(await screen.findByText('Lesson on page 3')).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Current URL' }).textContent).toBe('/admin/reports?report=watching&page=3')
    expect(document.activeElement?.textContent).toBe('Video Watching')
  })

  it('says when nobody has watched a video yet', async () => {
    mockApi(() => json(page([])))
    renderScreen(<WatchingReport />, { url: '/admin/reports?report=watching' })
    expect(await screen.findByText('No videos watched yet')).toBeTruthy()
    expect(screen.getByText('0 watched lessons')).toBeTruthy()
  })

  it('says when the report could not load, and loads it again on Try again', async () => {
    let fail = true
    mockApi(() => (fail ? json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500) : json(page([row({})]))))
    const user = userEvent.setup()
    renderScreen(<WatchingReport />, { url: '/admin/reports?report=watching' })
    expect(await screen.findByText('Failed to load video watching', { selector: 'p' })).toBeTruthy()
    await findToast('Failed to load video watching')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('64%')).toBeTruthy()
  })
})
