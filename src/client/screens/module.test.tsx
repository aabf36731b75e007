// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LearnerModule } from '../../shared/course/api-types'
import { json, mockApi, renderScreen } from '../test/render'
import ModulePage from './module'

// The config vite bakes into the bundle (vite.config.ts), before the screen's modules read it.
await vi.hoisted(async () => {
  const { parseSiteConfig } = await import('../../shared/site-config')
  Object.assign(globalThis, { __SITE_CONFIG__: (parseSiteConfig({}) as { ok: true; config: unknown }).config })
})

const text = (html: string) => ({ html })
const module: LearnerModule = {
  id: 'referrals',
  moduleNumber: 9,
  version: 2,
  title: 'Referral Partners',
  navLabel: 'Referral Partners',
  description: 'Work with partners',
  minutes: 7,
  lessonsCount: 1,
  introduction: text('Partners send you <strong>warm leads</strong>.'),
  lessons: [{ id: 'referrals-l1', title: 'Lesson 1: Partners', summary: text('Who they are'), video: null, durationText: '7 min', keyPoints: [] }],
  guide: [],
  importantReminders: [],
  proTips: [],
  actionStep: { title: 'Call a partner', description: text('Today.') },
  keyTakeaways: [],
  knowledgeCheck: null,
  previous: { id: 'm8', moduleNumber: 8, navLabel: 'Monthly Newsletter' },
  next: null,
}

const renderAt = (url: string) =>
  renderScreen(
    <Routes>
      <Route path="/module/:moduleNumber" element={<ModulePage />} />
    </Routes>,
    { url },
  )

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  // The 404 page logs the path it was asked for.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  return () => vi.restoreAllMocks()
})

describe('the module page', () => {
  it('shows the published module at that position, from the API', async () => {
    const requests = mockApi((request) =>
      request.url.pathname === '/api/course/modules/9' ? json(module) : json({ error: { code: 'INTERNAL', message: 'not asked' } }, 500),
    )
    renderAt('/module/9')
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 9: Referral Partners' })).toBeTruthy()
    expect(document.title).toMatch(/^Module 9: Referral Partners - /)
    expect(screen.getByText('warm leads').tagName).toBe('STRONG')
    expect(requests.map((request) => request.url.pathname)).toContain('/api/course/modules/9')
  })

  it('is the 404 page past the end of the published course, and for a path no module has', async () => {
    const requests = mockApi(() => json({ error: { code: 'NOT_FOUND', message: 'Module not found' } }, 404))
    renderAt('/module/10')
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy()

    requests.length = 0
    renderAt('/module/01')
    expect(screen.getAllByRole('heading', { name: 'Oops! Page not found' }).length).toBeGreaterThan(0)
    expect(requests.filter((request) => request.url.pathname === '/api/course/modules/01')).toEqual([])
  })

  it('says when the module could not load, and tries again', async () => {
    const user = userEvent.setup()
    let isDown = true
    mockApi((request) =>
      request.url.pathname === '/api/course/modules/9' && !isDown
        ? json(module)
        : json({ error: { code: 'INTERNAL', message: 'The database is not answering' } }, 503),
    )
    renderAt('/module/9')
    expect(await screen.findByText('We couldn’t load this module')).toBeTruthy()
    isDown = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Module 9: Referral Partners' })).toBeTruthy()
  })
})
