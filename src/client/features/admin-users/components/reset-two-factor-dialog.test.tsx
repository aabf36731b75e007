// @vitest-environment happy-dom
import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminUser } from '../../../../shared/api-types'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { ResetTwoFactorDialog } from './reset-two-factor-dialog'

// Lazy chunks, zod and the toasts load on first use: on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 })

const ada: AdminUser = {
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Broker',
  role: 'user',
  mustChangePassword: false,
  isDisabled: false,
  completedModules: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  hasTwoFactor: true,
}

describe('ResetTwoFactorDialog', () => {
  it('asks first, naming the user; Cancel sends nothing; Reset turns their second factor off', async () => {
    const user = userEvent.setup()
    const { hasTwoFactor: _, ...reset } = ada
    const requests = mockApi(() => json(reset))
    renderScreen(<ResetTwoFactorDialog user={ada} />)

    await user.click(screen.getByRole('button', { name: 'Reset two-factor sign-in of ada@example.com' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Reset two-factor sign-in?' })
    expect(dialog.textContent).toContain('ada@example.com will sign in with their password alone')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(requests).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Reset two-factor sign-in of ada@example.com' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Reset two-factor sign-in?' })
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }))
    expect(await findToast('Two-factor sign-in reset successfully')).toBeTruthy()
    expect(requests.map((request) => [request.method, request.url.pathname])).toEqual([['DELETE', '/api/admin/users/user-1/two-factor']])
  })

  it('shows the server’s reason when it refuses', async () => {
    const user = userEvent.setup()
    mockApi(() => json({ error: { code: 'CONFLICT', message: 'This user has not set up two-factor sign-in.' } }, 409))
    renderScreen(<ResetTwoFactorDialog user={ada} />)
    await user.click(screen.getByRole('button', { name: 'Reset two-factor sign-in of ada@example.com' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }))
    expect(await findToast('Failed to reset two-factor sign-in. This user has not set up two-factor sign-in.')).toBeTruthy()
  })
})
