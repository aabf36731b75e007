// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { LearnerModule } from '../../../../shared/course/api-types'
import { json, mockApi, renderScreen } from '../../../test/render'
import { ModuleView } from './module-view'

const text = (html: string) => ({ html })

/** Module 2 of three, as `GET /api/course/modules/2` (or the admin's preview) answers. */
const module: LearnerModule = {
  id: 'm2',
  moduleNumber: 2,
  version: 4,
  title: 'General Overview',
  navLabel: 'General Overview',
  description: 'A tour',
  minutes: 12,
  lessonsCount: 1,
  introduction: text('Take a <strong>guided tour</strong> of the dashboard.'),
  lessons: [
    {
      id: 'm2-l1',
      title: 'Lesson 1: The tour',
      summary: text('Where <em>everything</em> is.'),
      video: { provider: 'vimeo', id: '76979871', embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1' },
      durationText: '12 min',
      keyPoints: [text('Find the <code>Settings</code> page')],
    },
  ],
  guide: [{ title: 'Open the dashboard', detail: text('Click <a href="https://example.com" rel="noopener noreferrer" target="_blank">Home</a>.') }],
  importantReminders: [text('Save before you leave')],
  proTips: [text('Pin the boards you use')],
  actionStep: { title: 'Tour it yourself', description: text('Spend ten minutes<br>exploring.') },
  keyTakeaways: [text('The dashboard shows your day')],
  knowledgeCheck: null,
  previous: { id: 'm1', moduleNumber: 1, navLabel: 'Welcome' },
  next: { id: 'm3', moduleNumber: 3, navLabel: 'Lead Management' },
}

const footer = () => screen.getByRole('navigation', { name: 'Module navigation' })
const currentUrl = () => screen.getByRole('status', { name: 'Current URL' }).textContent

describe('ModuleView', () => {
  it('shows every part of the module, its Markdown fields as the server rendered them', async () => {
    mockApi(() => json({ error: { code: 'INTERNAL', message: 'not asked' } }, 500))
    const { container } = renderScreen(<ModuleView module={module} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Module 2: General Overview' })).toBeTruthy()
    expect(container.innerHTML).toContain('Take a <strong>guided tour</strong> of the dashboard.')
    expect(container.innerHTML).toContain('Where <em>everything</em> is.')
    expect(container.innerHTML).toContain('<li>Save before you leave</li>')
    expect(container.innerHTML).toContain('Spend ten minutes<br>exploring.')
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('https://example.com')
    expect(screen.getByRole('button', { name: /Play video/ })).toBeTruthy()
    for (const heading of ['Step-by-Step Guide', 'Important Reminders', 'Pro Tips', 'Key Takeaways']) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy()
    }
  })

  it('links a learner to the modules before and after it', async () => {
    const user = userEvent.setup()
    mockApi(() => json({ error: { code: 'INTERNAL', message: 'not asked' } }, 500))
    renderScreen(<ModuleView module={module} />, { url: '/module/2' })
    expect(within(footer()).getByRole('link', { name: 'Previous Welcome' }).getAttribute('href')).toBe('/module/1')
    await user.click(within(footer()).getByRole('link', { name: 'Next Lead Management' }))
    expect(currentUrl()).toBe('/module/3')
  })

  it('in a preview, renders the same page with an inert toggle and links, and asks the server nothing', async () => {
    const user = userEvent.setup()
    const requests = mockApi(() => json({ error: { code: 'INTERNAL', message: 'not asked' } }, 500))
    const { container } = renderScreen(<ModuleView module={{ ...module, next: null }} preview />, { url: '/admin/course/preview' })
    expect(container.innerHTML).toContain('Take a <strong>guided tour</strong> of the dashboard.')

    const toggle = within(footer()).getByRole('button', { name: 'Mark as Complete' })
    expect(toggle.hasAttribute('disabled')).toBe(true)
    const previous = within(footer()).getByRole('link', { name: 'Previous Welcome' })
    const back = within(footer()).getByRole('link', { name: 'Back to Dashboard' })
    for (const link of [previous, back]) {
      expect(link.getAttribute('aria-disabled')).toBe('true')
      expect(link.hasAttribute('href')).toBe(false)
      await user.click(link)
    }
    await user.click(toggle)
    expect(currentUrl()).toBe('/admin/course/preview')
    // The last module's banner, as a learner who has not finished sees it.
    expect(screen.getByText(/You have reached the final module/)).toBeTruthy()
    expect(requests).toEqual([])
  })
})
