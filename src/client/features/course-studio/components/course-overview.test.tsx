// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CourseVersionPage, DraftCourse, DraftModuleSummary } from '../../../../shared/course/admin-api-types'
import { findToast, json, mockApi, renderScreen, type ApiRequest } from '../../../test/render'
import { CourseOverview } from './course-overview'

const summary = (id: string, title: string, status: DraftModuleSummary['status'] = 'published'): DraftModuleSummary => ({
  id,
  title,
  position: 0,
  status,
  revision: 1,
  updatedAt: '2026-11-24T14:02:00.000Z',
  updatedByName: 'Ada Admin',
})

/**
 * The admin API as the Course section uses it: the draft's modules, their order, removing and
 * restoring, publishing, the version history. `hold` makes the next order change wait.
 */
function fakeCourseApi(options: { hasChanges?: boolean; failOrder?: boolean; newModule?: boolean } = {}) {
  let modules = [
    summary('m1', 'Welcome & Orientation'),
    summary('m2', options.newModule ? 'Referral Partners' : 'General Overview', options.newModule ? 'new' : 'published'),
    summary('m3', 'Lead Management'),
  ]
  let hasChanges = options.hasChanges ?? false
  let liveVersion = 1
  const draft = (): DraftCourse => ({
    liveVersion,
    livePublishedAt: '2026-11-24T09:00:00.000Z',
    hasChanges,
    modules: modules.map((module, index) => ({ ...module, position: index + 1 })),
  })
  const versions = (): CourseVersionPage => ({
    versions: Array.from({ length: liveVersion }, (_, index) => ({
      version: liveVersion - index,
      note: index === liveVersion - 1 ? 'The course as first published' : 'Fixed a typo',
      publishedAt: '2026-11-24T09:00:00.000Z',
      publishedByName: index === liveVersion - 1 ? 'Seed' : 'Ada Admin',
      restoredFrom: null,
      moduleCount: 3,
      isLive: index === 0,
    })),
    page: 1,
    pageSize: 50,
    pageCount: 1,
    total: liveVersion,
  })
  const requests = mockApi((request: ApiRequest) => {
    const path = request.url.pathname
    if (request.method === 'GET' && path === '/api/admin/course') return json(draft())
    if (request.method === 'GET' && path === '/api/admin/course/versions') return json(versions())
    if (request.method === 'PUT' && path === '/api/admin/course/order') {
      if (options.failOrder) return json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500)
      const ids = (request.body as { moduleIds: string[] }).moduleIds
      modules = [...ids.map((id) => modules.find((module) => module.id === id)!), ...modules.filter((module) => module.status === 'removed')]
      hasChanges = true
      return json(draft())
    }
    const moduleMatch = /^\/api\/admin\/course\/modules\/([^/]+)(\/restore)?$/.exec(path)
    if (moduleMatch && request.method === 'DELETE') {
      const id = moduleMatch[1]
      const module = modules.find((other) => other.id === id)!
      modules =
        module.status === 'new'
          ? modules.filter((other) => other.id !== id)
          : [...modules.filter((other) => other.id !== id), { ...module, status: 'removed' }]
      hasChanges = true
      return json(draft())
    }
    if (moduleMatch?.[2] && request.method === 'POST') {
      modules = modules.map((module) => (module.id === moduleMatch[1] ? { ...module, status: 'published' } : module))
      return json(draft())
    }
    if (request.method === 'POST' && path === '/api/admin/course/publish') {
      liveVersion += 1
      hasChanges = false
      return json({ version: liveVersion, publishedAt: '2026-11-24T15:00:00.000Z' })
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404)
  })
  return { requests, draft }
}

const moduleTitles = () =>
  within(screen.getByRole('list', { name: 'Modules in course order' }))
    .getAllByRole('link')
    .map((link) => link.textContent?.replace(/^Module \d+: /, ''))

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: 900 }) as DOMRect)
})
afterEach(() => vi.restoreAllMocks())

describe('CourseOverview', () => {
  it('lists the modules in order with their status and last change, and the version history', async () => {
    fakeCourseApi()
    renderScreen(<CourseOverview />, { url: '/admin/course' })

    expect(await screen.findByText('Loading the course')).toBeTruthy()
    await screen.findByRole('link', { name: 'Module 3: Lead Management' })
    expect(moduleTitles()).toEqual(['Welcome & Orientation', 'General Overview', 'Lead Management'])
    expect(within(screen.getByRole('list', { name: 'Modules in course order' })).getAllByText('Published')).toHaveLength(3)
    expect(screen.getAllByText(/Last changed by Ada Admin/)).toHaveLength(3)
    expect(screen.getByRole('link', { name: 'Module 3: Lead Management' }).getAttribute('href')).toBe('/admin/course/modules/m3')
    expect(await screen.findByText('The course as first published')).toBeTruthy()
    expect(screen.getByText('Live')).toBeTruthy()
  })

  it('moves a module with the keyboard: the focus stays on it, and the move is announced and saved', async () => {
    const user = userEvent.setup()
    const { requests } = fakeCourseApi()
    renderScreen(<CourseOverview />, { url: '/admin/course' })
    await screen.findByRole('link', { name: 'Module 3: Lead Management' })

    const up = screen.getByRole('button', { name: 'Move “Lead Management” up' })
    up.focus()
    await user.keyboard('{Enter}')
    expect(moduleTitles()).toEqual(['Welcome & Orientation', 'Lead Management', 'General Overview'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Lead Management” up' }))
    expect(screen.getByText('Moved “Lead Management” to position 2 of 3.')).toBeTruthy()

    // At the top, Move up is disabled: the focus goes to Move down, on the same module.
    await user.keyboard('{Enter}')
    expect(moduleTitles()).toEqual(['Lead Management', 'Welcome & Orientation', 'General Overview'])
    const moved = screen.getByRole('button', { name: 'Move “Lead Management” up' }) as HTMLButtonElement
    expect(moved.disabled).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Lead Management” down' }))
    expect(screen.getByText('Moved “Lead Management” to position 1 of 3.')).toBeTruthy()

    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(2))
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { moduleIds: ['m1', 'm3', 'm2'] },
      { moduleIds: ['m3', 'm1', 'm2'] },
    ])
    // Publish is enabled once the order differs from the live version.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false))
  })

  it('moves a module dragged by its handle and dropped on another', async () => {
    const { requests } = fakeCourseApi()
    renderScreen(<CourseOverview />, { url: '/admin/course' })
    await screen.findByRole('link', { name: 'Module 3: Lead Management' })
    const row = (title: string) => screen.getByRole('link', { name: new RegExp(`: ${title}$`) }).closest('li')!
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' }

    fireEvent.pointerDown(within(row('Welcome & Orientation')).getByTitle('Drag to move'))
    expect(row('Welcome & Orientation').getAttribute('draggable')).toBe('true')
    fireEvent.dragStart(row('Welcome & Orientation'), { dataTransfer })
    // The pointer is past the middle of the last row (the measured box here has no height): dropped after it.
    fireEvent.dragOver(row('Lead Management'), { dataTransfer, clientY: 10 })
    fireEvent.drop(row('Lead Management'), { dataTransfer, clientY: 10 })
    fireEvent.dragEnd(row('Welcome & Orientation'), { dataTransfer })

    expect(moduleTitles()).toEqual(['General Overview', 'Lead Management', 'Welcome & Orientation'])
    expect(screen.getByText('Moved “Welcome & Orientation” to position 3 of 3.')).toBeTruthy()
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ moduleIds: ['m2', 'm3', 'm1'] }))
    expect(row('Welcome & Orientation').getAttribute('draggable')).toBe('false')
  })

  it('puts a move back, and says so, when the server refuses it', async () => {
    const user = userEvent.setup()
    fakeCourseApi({ failOrder: true })
    renderScreen(<CourseOverview />, { url: '/admin/course' })
    await screen.findByRole('link', { name: 'Module 3: Lead Management' })

    await user.click(screen.getByRole('button', { name: 'Move “General Overview” down' }))
    expect(await findToast('Failed to move “General Overview”')).toBeTruthy()
    await waitFor(() => expect(moduleTitles()).toEqual(['Welcome & Orientation', 'General Overview', 'Lead Management']))
    expect(screen.getByText('“General Overview” was not moved.')).toBeTruthy()
  })

  it('removes a published module after saying it stays live until the next publish, then restores it', async () => {
    const user = userEvent.setup()
    fakeCourseApi()
    renderScreen(<CourseOverview />, { url: '/admin/course' })
    await screen.findByRole('link', { name: 'Module 3: Lead Management' })

    await user.click(screen.getByRole('button', { name: 'Remove “General Overview”' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove “General Overview”?' })
    expect(within(dialog).getByText(/Learners keep seeing this module until you publish/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Remove module' }))

    expect(await findToast('“General Overview” removed from the draft')).toBeTruthy()
    await waitFor(() => expect(moduleTitles()).toEqual(['Welcome & Orientation', 'Lead Management']))
    const removed = screen.getByRole('region', { name: 'Removed modules' })
    expect(within(removed).getByText('General Overview')).toBeTruthy()
    const restore = within(removed).getByRole('button', { name: 'Restore “General Overview”' })
    await waitFor(() => expect(document.activeElement).toBe(restore))

    await user.click(restore)
    expect(await findToast('“General Overview” restored')).toBeTruthy()
    await waitFor(() => expect(moduleTitles()).toEqual(['Welcome & Orientation', 'Lead Management', 'General Overview']))
    expect(screen.queryByRole('region', { name: 'Removed modules' })).toBeNull()
  })

  it('deletes a module that was never published, and the focus goes to the one that took its place', async () => {
    const user = userEvent.setup()
    fakeCourseApi({ newModule: true })
    renderScreen(<CourseOverview />, { url: '/admin/course' })
    await screen.findByRole('link', { name: 'Module 3: Lead Management' })
    expect(screen.getByText('New')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Remove “Referral Partners”' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove “Referral Partners”?' })
    expect(within(dialog).getByText(/not in the live course, so it is deleted from the draft with all its text/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Delete module' }))

    expect(await findToast('“Referral Partners” deleted')).toBeTruthy()
    await waitFor(() => expect(moduleTitles()).toEqual(['Welcome & Orientation', 'Lead Management']))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Module 2: Lead Management' })))
  })

  it('keeps Publish disabled with the reason while nothing changed, and publishes with a required note', async () => {
    const user = userEvent.setup()
    const { requests } = fakeCourseApi({ hasChanges: true })
    renderScreen(<CourseOverview />, { url: '/admin/course' })
    await screen.findByRole('link', { name: 'Module 3: Lead Management' })

    await user.click(screen.getByRole('button', { name: 'Publish' }))
    const dialog = await screen.findByRole('dialog', { name: 'Publish the course' })
    expect(within(dialog).getByText(/Learners see the draft at once: 3 modules/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Publish version 2' }))
    expect(await within(dialog).findByText('Note is required')).toBeTruthy()
    expect(within(dialog).getByLabelText('Note').getAttribute('aria-invalid')).toBe('true')

    await user.type(within(dialog).getByLabelText('Note'), 'Lead Management: a new pro tip')
    await user.click(within(dialog).getByRole('button', { name: 'Publish version 2' }))
    expect(await findToast('Version 2 published')).toBeTruthy()
    expect(requests.find((request) => request.url.pathname.endsWith('/publish'))?.body).toEqual({ note: 'Lead Management: a new pro tip' })

    const publish = (await screen.findByRole('button', { name: 'Publish' })) as HTMLButtonElement
    await waitFor(() => expect(publish.disabled).toBe(true))
    expect(screen.getByText('Nothing to publish: the draft is the same as version 2.')).toBeTruthy()
    expect(publish.getAttribute('aria-describedby')).toBe(screen.getByText(/^Nothing to publish/).id)
    expect(await screen.findByText('Fixed a typo')).toBeTruthy()
  })

  it('says when the course cannot load, and Try again loads it', async () => {
    const user = userEvent.setup()
    let isDown = true
    const api = fakeCourseApi()
    mockApi(() =>
      isDown ? json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500) : json(api.draft()),
    )
    renderScreen(<CourseOverview />, { url: '/admin/course' })
    expect(await screen.findByText('Failed to load the course', { selector: 'p' })).toBeTruthy()
    isDown = false
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!)
    expect(await screen.findByRole('link', { name: 'Module 3: Lead Management' })).toBeTruthy()
  })
})
