// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminUser } from '../../../../shared/api-types'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { ResetCourseDialog } from './reset-course-dialog'

const ada: AdminUser = {
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Broker',
  role: 'user',
  mustChangePassword: false,
  isDisabled: false,
  completedModules: 8,
  createdAt: '2026-01-01T00:00:00.000Z',
}

describe('ResetCourseDialog', () => {
  it('says the certificate is revoked before anything happens; Cancel sends nothing; confirming resets', async () => {
    const user = userEvent.setup()
    const requests = mockApi(() => json({ user: { ...ada, completedModules: 0 }, revokedCertificateId: 'SWS-AAAAA-BBBBB-CCCCC-DDDDD' }))
    renderScreen(<ResetCourseDialog user={ada} />)

    await user.click(screen.getByRole('button', { name: 'Reset Course for ada@example.com' }))
    let dialog = await screen.findByRole('alertdialog', { name: "Reset this learner's course?" })
    expect(dialog.textContent).toContain('Their certificate, if they have one, is revoked: its verify page will say so.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(requests).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Reset Course for ada@example.com' }))
    dialog = await screen.findByRole('alertdialog', { name: "Reset this learner's course?" })
    await user.click(within(dialog).getByRole('button', { name: 'Reset Course' }))
    expect(await findToast('Course reset; certificate SWS-AAAAA-BBBBB-CCCCC-DDDDD revoked')).toBeTruthy()
    expect(requests.map((request) => [request.method, request.url.pathname])).toEqual([['POST', '/api/admin/users/user-1/course-reset']])
  })

  it('shows the server’s reason when it refuses', async () => {
    const user = userEvent.setup()
    mockApi(() => json({ error: { code: 'NOT_FOUND', message: 'User not found' } }, 404))
    renderScreen(<ResetCourseDialog user={ada} />)
    await user.click(screen.getByRole('button', { name: 'Reset Course for ada@example.com' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Reset Course' }))
    expect(await findToast('Failed to reset the course. User not found')).toBeTruthy()
  })
})
