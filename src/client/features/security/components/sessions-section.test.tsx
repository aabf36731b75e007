// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SignedInSession } from '../../../../shared/api-types'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { SessionsSection } from './sessions-section'

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()
const DAY = 86_400

const THIS: SignedInSession = {
  id: 'this-one',
  createdAt: ago(3 * DAY),
  lastActiveAt: null,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  isCurrent: true,
}
const PHONE: SignedInSession = {
  id: 'phone',
  createdAt: ago(5 * DAY),
  lastActiveAt: ago(2 * 3600),
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  isCurrent: false,
}
const LAPTOP: SignedInSession = { id: 'laptop', createdAt: ago(40), lastActiveAt: null, userAgent: null, isCurrent: false }

/** The server as the session list sees it: a list, and deletes that take rows out of it. */
function sessionsServer(initial: SignedInSession[]) {
  let sessions = [...initial]
  const requests = mockApi((request) => {
    const path = request.url.pathname
    if (request.method === 'GET') return json({ sessions })
    if (path === '/api/profile/sessions') {
      const endedCount = sessions.filter((s) => !s.isCurrent).length
      sessions = sessions.filter((s) => s.isCurrent)
      return json({ endedCount })
    }
    sessions = sessions.filter((s) => `/api/profile/sessions/${s.id}` !== path)
    return new Response(null, { status: 204 })
  })
  return requests
}

const rows = () => within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')

describe('SessionsSection', () => {
  it('lists each browser with its device and rough times, this one marked and without Sign Out', async () => {
    sessionsServer([THIS, PHONE, LAPTOP])
    renderScreen(<SessionsSection />)
    await screen.findByRole('list', { name: 'Sessions' })
    expect(rows().map((row) => row.textContent)).toEqual([
      'Chrome on WindowsThis deviceSigned in 3 days ago',
      'Safari on iPhoneSigned in 5 days ago · Last active 2 hours agoSign Out',
      'Unknown browserSigned in just nowSign Out',
    ])
    expect(within(rows()[0]!).queryByRole('button')).toBeNull()
  })

  it('signs out one other session, which leaves the list; focus goes back to the section', async () => {
    const user = userEvent.setup()
    const requests = sessionsServer([THIS, PHONE, LAPTOP])
    renderScreen(<SessionsSection />)
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone, signed in 5 days ago' }))
    expect(await findToast('Signed out Safari on iPhone')).toBeTruthy()
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.queryByText('Safari on iPhone')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Where you are signed in' }))
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/profile/sessions/phone'])
  })

  it('signs out everywhere else, then says there is nowhere else', async () => {
    const user = userEvent.setup()
    const requests = sessionsServer([THIS, PHONE, LAPTOP])
    renderScreen(<SessionsSection />)
    await user.click(await screen.findByRole('button', { name: 'Sign Out Everywhere Else' }))
    expect(await findToast('Signed out 2 other sessions')).toBeTruthy()
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeTruthy()
    expect(rows()).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Sign Out Everywhere Else' })).toBeNull()
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/profile/sessions'])
  })

  it('shows the server’s reason when a sign-out fails, and a way to retry when the list cannot load', async () => {
    const user = userEvent.setup()
    let isDown = true
    mockApi((request) => {
      if (request.method === 'DELETE') return json({ error: { code: 'NOT_FOUND', message: 'Session not found' } }, 404)
      return isDown ? json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500) : json({ sessions: [THIS, PHONE] })
    })
    renderScreen(<SessionsSection />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Something went wrong')
    isDown = false
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }))
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }))
    expect(await findToast('Session not found')).toBeTruthy()
  })
})
