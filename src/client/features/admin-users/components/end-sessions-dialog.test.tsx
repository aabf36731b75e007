// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminUser } from '../../../../shared/api-types'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { EndSessionsDialog } from './end-sessions-dialog'

const ada: AdminUser = {
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Broker',
  role: 'user',
  mustChangePassword: false,
  isDisabled: false,
  completedModules: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
}

describe('EndSessionsDialog', () => {
  it('asks first, naming the user; Cancel sends nothing; confirming ends their sessions', async () => {
    const user = userEvent.setup()
    const requests = mockApi(() => json({ endedCount: 2 }))
    renderScreen(<EndSessionsDialog user={ada} />)

    await user.click(screen.getByRole('button', { name: 'Sign Out Everywhere for ada@example.com' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign this user out everywhere?' })
    expect(dialog.textContent).toContain('Every browser signed in as ada@example.com is signed out on its next request.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(requests).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Sign Out Everywhere for ada@example.com' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Sign this user out everywhere?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }))
    expect(await findToast('Ended 2 sessions')).toBeTruthy()
    expect(requests.map((request) => [request.method, request.url.pathname])).toEqual([['DELETE', '/api/admin/users/user-1/sessions']])
  })

  it('shows the server’s reason when it refuses', async () => {
    const user = userEvent.setup()
    mockApi(() => json({ error: { code: 'NOT_FOUND', message: 'User not found' } }, 404))
    renderScreen(<EndSessionsDialog user={ada} />)
    await user.click(screen.getByRole('button', { name: 'Sign Out Everywhere for ada@example.com' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }))
    expect(await findToast('Failed to sign the user out. User not found')).toBeTruthy()
  })
})
