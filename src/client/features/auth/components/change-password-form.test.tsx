// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Profile } from '../../../../shared/api-types'
import { findToast, json, mockApi, renderScreen } from '../../../test/render'
import { ChangePasswordForm } from './change-password-form'

const profile: Profile = { id: 'user-1', email: 'ada@example.com', fullName: 'Ada Broker', role: 'user', mustChangePassword: false }

async function changePassword() {
  const user = userEvent.setup()
  renderScreen(<ChangePasswordForm mode={{ kind: 'signed-in' }} />, { url: '/change-password' })
  await user.type(screen.getByLabelText('Current Password'), 'old passphrase')
  await user.type(screen.getByLabelText('New Password'), 'password1')
  await user.type(screen.getByLabelText('Confirm Password'), 'password1')
  await user.click(screen.getByRole('button', { name: 'Update Password' }))
}

const currentUrl = () => screen.getByRole('status', { name: 'Current URL' }).textContent

describe('ChangePasswordForm: what the server says', () => {
  it('shows a field issue under its field, and the message in a toast', async () => {
    mockApi(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'This password is too common. Choose another one.',
            issues: [{ path: 'newPassword', message: 'This password is too common. Choose another one.' }],
          },
        },
        400,
      ),
    )
    await changePassword()

    const newPassword = screen.getByLabelText('New Password')
    expect(await screen.findByText('This password is too common. Choose another one.', { selector: 'p' })).toBeTruthy()
    expect(newPassword.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBeNull()
    // As before the shared mapping: this form leaves the keyboard focus where it was.
    expect(document.activeElement).not.toBe(newPassword)
    expect(await findToast('This password is too common. Choose another one.')).toBeTruthy()
    expect(currentUrl()).toBe('/change-password')
  })

  it('shows a wrong current password under Current Password', async () => {
    mockApi(() =>
      json(
        { error: { code: 'VALIDATION_FAILED', message: 'Invalid input', issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }] } },
        400,
      ),
    )
    await changePassword()

    expect(await screen.findByText('Current password is incorrect')).toBeTruthy()
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true')
    expect(await findToast('Invalid input')).toBeTruthy()
  })

  it('answers a failure that names no field with a toast only', async () => {
    mockApi(() => {
      throw new TypeError('Failed to fetch')
    })
    await changePassword()

    expect(await findToast('Could not reach the server. Check your connection and try again.')).toBeTruthy()
    expect(screen.getByLabelText('New Password').getAttribute('aria-invalid')).toBeNull()
  })

  it('goes on to the dashboard once the password is changed', async () => {
    const requests = mockApi(() => json(profile))
    await changePassword()

    expect(await findToast('Password updated successfully')).toBeTruthy()
    // The toast and the route change are separate renders: under load either may come first.
    await waitFor(() => expect(currentUrl()).toBe('/dashboard'))
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { currentPassword: 'old passphrase', newPassword: 'password1' } })
  })
})
